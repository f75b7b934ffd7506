package io.kchaos.harness.matrix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** A matrix's folder {@code store/<timestamp>-<name>/}: matrix.json, matrix.txt, matrix.html, and one run folder per run. */
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
            throw new UncheckedIOException("cannot create the matrix folder under " + store + ": " + e.getMessage(), e);
        }
    }
}
