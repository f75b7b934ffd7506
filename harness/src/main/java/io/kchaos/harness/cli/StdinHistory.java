package io.kchaos.harness.cli;

import io.kchaos.history.folder.RunFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A history given as {@code -}: standard input can be read only once and the checkers read a history several times,
 * so it is copied to a temporary file first (deleted when the JVM exits).
 */
final class StdinHistory {
    static final String DASH = "-";

    private StdinHistory() {
    }

    /** {@code history} itself, or for {@code -} a temporary copy of {@code in}. */
    static Path resolve(Path history, InputStream in) {
        if (!history.toString().equals(DASH)) return history;
        try {
            Path folder = Files.createTempDirectory("kchaos-stdin-"); // alone in its folder: no run.json beside it
            Path copy = new RunFiles(folder).history();
            folder.toFile().deleteOnExit();
            copy.toFile().deleteOnExit(); // deleted first (reverse order of registration)
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the history from standard input: " + e.getMessage(), e);
        }
    }
}
