package io.kchaos.history.folder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/** The bytes a folder's regular files hold (symbolic links neither followed nor counted), and a size as a reader reads it. */
public final class FolderBytes {
    private FolderBytes() {
    }

    /** The total size of the regular files under {@code dir} (0 when it does not exist); a file that vanishes meanwhile counts 0. */
    public static long of(Path dir) {
        if (!Files.exists(dir)) return 0;
        long[] total = {0};
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile()) total[0] += attrs.size();
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot measure " + dir + ": " + e.getMessage(), e);
        }
        return total[0];
    }

    /** {@code bytes} in decimal units to two significant digits below 10, whole above: "412 MB", "3.1 GB", "2.4 MB", "870 B". */
    public static String human(long bytes) {
        String[] units = {"B", "kB", "MB", "GB", "TB"};
        double v = bytes;
        int u = 0;
        while (v >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        if (u == 0) return bytes + " B";
        return String.format(Locale.ROOT, v >= 10 ? "%.0f" : "%.1f", v) + " " + units[u];
    }
}
