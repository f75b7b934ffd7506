package io.kchaos.harness.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * One run's folder {@code store/<timestamp>-<name>/} and the names of what it holds; {@code store/latest} points at
 * the newest.
 */
public record RunFolder(Path dir) {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss");

    /** Creates a fresh folder under the store and repoints {@code latest} at it. */
    public static RunFolder create(Path store, String name) {
        try {
            Files.createDirectories(store);
            String base = LocalDateTime.now().format(STAMP) + "-" + name.replaceAll("[^A-Za-z0-9._-]", "_");
            Path dir = store.resolve(base);
            for (int i = 2; Files.exists(dir); i++) dir = store.resolve(base + "-" + i);
            Files.createDirectories(dir.resolve("nodes"));
            Path latest = store.resolve("latest");
            Files.deleteIfExists(latest);
            Files.createSymbolicLink(latest, dir.getFileName());
            return new RunFolder(dir.toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create run folder under " + store + ": " + e.getMessage(), e);
        }
    }

    public Path runJson() {
        return dir.resolve("run.json");
    }

    public Path history() {
        return dir.resolve("history.jsonl");
    }

    public Path results() {
        return dir.resolve("results.json");
    }

    public Path leaders() {
        return dir.resolve("leaders.jsonl");
    }

    public Path nodes() {
        return dir.resolve("nodes");
    }

    public Path clientLog() {
        return dir.resolve("client.log");
    }
}
