package io.kchaos.harness.matrix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A folder of several runs, {@code store/<timestamp>-<name>/}: a matrix's (matrix.json, matrix.txt, matrix.html) or a
 * shrink's (shrink.json, shrink.txt), and one run folder per run.
 */
public final class MatrixFolder {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss");

    private MatrixFolder() {
    }

    public static Path create(Path store, String name) {
        try {
            String base = LocalDateTime.now().format(STAMP) + "-" + name.replaceAll("[^A-Za-z0-9._-]", "_");
            Path dir = store.resolve(base);
            for (int i = 2; Files.exists(dir); i++) dir = store.resolve(base + "-" + i);
            return Files.createDirectories(dir).toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a folder under " + store + ": " + e.getMessage(), e);
        }
    }

    /** The run folders directly in {@code dir} now (links left out); empty when it does not exist. */
    public static Set<Path> runFolders(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return new HashSet<>();
        try (Stream<Path> s = Files.list(dir)) {
            return new HashSet<>(s.filter(p -> Files.isDirectory(p) && !Files.isSymbolicLink(p)).toList());
        }
    }

    /** The run folder a launch created in {@code dir}: one not in {@code before} whose name ends with {@code suffix}; null if none. */
    public static Path created(Path dir, Set<Path> before, String suffix) throws IOException {
        Set<Path> created = runFolders(dir);
        created.removeAll(before);
        return created.stream().filter(p -> p.getFileName().toString().contains(suffix)).findFirst().orElse(null);
    }
}
