package io.kchaos.bench.memory;

import io.kchaos.testkit.QueueHistoryGenerator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code CheckMemoryBench MINUTES RATE [HEAP] [--pipe]}: generates a queue history of MINUTES at RATE completed sends
 * per second ({@link QueueHistoryGenerator}: producers, three consumers polling every partition, a final drain) and
 * judges it with the queue checker in a child JVM ({@link QueueCheckHeap}) limited to HEAP (default {@code 1g}) with the
 * flags of {@code kchaos check} (C1 only, serial collector), and prints the history's size and the child's figures.
 * The history goes to a temporary file, judged once written, or with {@code --pipe} through a named pipe the child
 * reads while it is generated (no disk; the generator's time then overlaps the check's); either way it is deleted after.
 * Exits with the child's status (non-zero when the check did not fit).
 */
public final class CheckMemoryBench {
    private static final String PIPE = "--pipe";

    private CheckMemoryBench() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        List<String> rest = new ArrayList<>(List.of(args));
        boolean pipe = rest.remove(PIPE);
        if (rest.size() < 2) {
            System.err.println("usage: CheckMemoryBench MINUTES RATE [HEAP] [--pipe]   (e.g. 60 19781 1g --pipe)");
            System.exit(2);
        }
        double minutes = Double.parseDouble(rest.get(0));
        long rate = Long.parseLong(rest.get(1).replace("_", ""));
        String heap = rest.size() > 2 ? rest.get(2) : "1g";
        long sends = Math.round(minutes * 60 * rate);
        Path dir = Files.createTempDirectory("kchaos-check-memory-");
        Path file = dir.resolve(pipe ? "history.pipe" : "history.jsonl");
        int status;
        try {
            if (pipe) mkfifo(file);
            Process child = pipe ? child(file, heap) : null; // a pipe's writer waits for its reader
            status = generate(rest.get(0), rate, sends, file, pipe) ? (child != null ? child : child(file, heap)).waitFor()
                    : child == null ? 1 : Math.max(1, child.waitFor());
        } finally {
            Files.deleteIfExists(file); // before exiting: System.exit skips finally blocks
            Files.deleteIfExists(dir);
        }
        System.exit(status);
    }

    /** Writes the history to file and prints its figures; false when a pipe's reader stopped reading it. */
    private static boolean generate(String minutes, long rate, long sends, Path file, boolean pipe) throws IOException {
        long t0 = System.nanoTime();
        QueueHistoryGenerator.Summary s;
        try {
            s = QueueHistoryGenerator.write(QueueHistoryGenerator.Settings.ofSends(sends), file);
        } catch (UncheckedIOException e) { // the child stopped reading: its output says why
            System.out.println("history: not written to the end (" + e.getMessage() + ")");
            return false;
        }
        String size = pipe ? "through a named pipe" : String.format(Locale.ROOT, "%.0f MB", Files.size(file) / 1e6);
        System.out.printf(Locale.ROOT, "history: %s min at %,d sends/s: %,d lines, %,d sends, %,d records in the log, %s"
                        + " (generated in %.0f s%s)%n", minutes, rate, s.ops(), s.sends(), s.records(), size,
                (System.nanoTime() - t0) / 1e9, pipe ? ", while the checker read it" : "");
        return true;
    }

    /** Starts {@link QueueCheckHeap} on file in a JVM of its own, its output passed through. */
    private static Process child(Path file, String heap) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:NewRatio=6",
                "-cp", System.getProperty("java.class.path"), QueueCheckHeap.class.getName(), file.toString()));
        return new ProcessBuilder(cmd).inheritIO().start();
    }

    /** Creates a named pipe at file ({@code mkfifo}: Java has no call for it). */
    private static void mkfifo(Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", file.toString()).inheritIO().start();
        if (p.waitFor() != 0) throw new IOException("mkfifo " + file + " failed");
    }
}
