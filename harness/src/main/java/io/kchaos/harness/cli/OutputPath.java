package io.kchaos.harness.cli;

import io.kchaos.history.folder.ResultsJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;

/**
 * Guards an output path given on the command line ({@code --out}): it may not be one of the command's inputs, nor an
 * existing file that kchaos did not write (only an earlier results.json may be replaced), so nothing a user wrote is
 * ever overwritten.
 */
final class OutputPath {
    private static final long MAX_RESULTS_BYTES = 64L << 20;

    private OutputPath() {
    }

    /** Throws IllegalArgumentException (one line) when writing results to {@code out} could destroy something. */
    static void refuseClobbering(Path out, Collection<Path> inputs) {
        if (out == null) return;
        for (Path in : inputs) {
            if (in == null) continue;
            if (same(out, in)) throw new IllegalArgumentException("--out " + out + " is an input of this command; give another file");
            if (Files.isDirectory(in) && out.toAbsolutePath().normalize().startsWith(in.toAbsolutePath().normalize())) {
                throw new IllegalArgumentException("--out " + out + " is inside the input directory " + in + "; give a file elsewhere");
            }
        }
        if (Files.isDirectory(out)) throw new IllegalArgumentException("--out " + out + " is a directory; give a file name");
        if (Files.exists(out) && !isResults(out)) {
            throw new IllegalArgumentException("--out " + out + " exists and is not a kchaos results.json; not overwritten");
        }
    }

    private static boolean same(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) return Files.isSameFile(a, b);
        } catch (IOException e) {
            // compare the names below
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    private static boolean isResults(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_RESULTS_BYTES) return false;
            return ResultsJson.readFile(file).isKchaosResults();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
