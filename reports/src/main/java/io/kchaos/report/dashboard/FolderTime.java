package io.kchaos.report.dashboard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** When a store folder was made: a given ISO instant, else the {@code yyyyMMdd'T'HHmmss-} stamp of its name, else its mtime. */
final class FolderTime {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss");
    private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneId.of("UTC"));

    private FolderTime() {
    }

    /** The time of {@code dir}, preferring {@code iso} (e.g. run.json's started-at); null when nothing tells. */
    static Instant of(Path dir, String iso) {
        try {
            if (iso != null) return Instant.parse(iso);
        } catch (DateTimeParseException e) {
            // fall back to the folder's name
        }
        String name = dir.getFileName().toString();
        if (name.length() >= 15) {
            try {
                return LocalDateTime.parse(name.substring(0, 15), STAMP).atZone(ZoneId.systemDefault()).toInstant();
            } catch (DateTimeParseException e) {
                // fall back to the folder's mtime
            }
        }
        try {
            return Files.getLastModifiedTime(dir).toInstant();
        } catch (IOException e) {
            return null;
        }
    }

    /** As display text in UTC, "unknown" for null. */
    static String show(Instant t) {
        return t == null ? "unknown" : SHOWN.format(t);
    }
}
