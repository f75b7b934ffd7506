package io.kchaos.cluster.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Deletes a file tree the harness made (a cache entry, a temporary folder); a symbolic link is removed, not followed. */
public final class FileTrees {
    private FileTrees() {
    }

    /** Deletes {@code root} and everything below it; nothing happens when it does not exist. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) return;
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
