package io.kchaos.report.dashboard;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the dashboard of a store. Its default place, {@code STORE/dashboard.html}, is kchaos's own and is rewritten
 * each time; any other file is written only when it does not exist or is an earlier dashboard.
 */
public final class Dashboard {
    /** The dashboard's file name in the store. */
    public static final String FILE = "dashboard.html";
    private static final int HEAD_BYTES = 4096;

    /** What was written: the page, and how many runs, matrices and regressions it shows. */
    public record Written(Path html, int runs, int matrices, int regressions) {
    }

    private Dashboard() {
    }

    /**
     * Writes the dashboard of {@code store} to {@code out} (null: {@code STORE/dashboard.html}).
     *
     * @throws IllegalArgumentException (one line) for a missing store, a bad share, or an output kchaos may not overwrite
     */
    public static Written write(Path store, Path out, double dropShare) {
        RegressionRules rules = new RegressionRules(dropShare);
        Path target = out == null ? store.resolve(FILE) : out;
        if (out != null) refuseClobbering(out);
        Store s = Store.scan(store);
        Trends trends = Trends.of(s.runs(), rules);
        Path dir = target.toAbsolutePath().normalize().getParent();
        try {
            Files.writeString(target, DashboardPage.render(s, trends, rules, dir), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
        return new Written(target, s.runs().size(), s.matrices().size(), trends.flagged());
    }

    private static void refuseClobbering(Path out) {
        if (Files.isDirectory(out)) throw new IllegalArgumentException("--out " + out + " is a directory; give a file name");
        Path parent = out.toAbsolutePath().normalize().getParent();
        if (parent == null || !Files.isDirectory(parent)) throw new IllegalArgumentException("--out " + out + ": its folder does not exist");
        if (Files.exists(out) && !isDashboard(out)) {
            throw new IllegalArgumentException("--out " + out + " exists and is not a kchaos dashboard; not overwritten");
        }
    }

    /** True when the file starts like a page this class wrote (its generator meta tag). */
    static boolean isDashboard(Path file) {
        if (!Files.isRegularFile(file)) return false;
        try (InputStream in = Files.newInputStream(file)) {
            String head = new String(in.readNBytes(HEAD_BYTES), StandardCharsets.UTF_8);
            return head.startsWith("<!DOCTYPE html>") && head.contains("<meta name=\"generator\" content=\"" + DashboardPage.GENERATOR + "\"/>");
        } catch (IOException e) {
            return false;
        }
    }
}
