package io.kchaos.bench.memory;

import io.kchaos.testkit.QueueHistoryGenerator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code CheckMemoryBench MINUTES RATE [HEAP]}: writes a queue history of MINUTES at RATE completed sends per second
 * ({@link QueueHistoryGenerator}: producers, three consumers polling every partition, a final drain) to a temporary file,
 * judges it with the queue checker in a child JVM ({@link QueueCheckHeap}) limited to HEAP (default {@code 1g}) with the
 * flags of {@code kchaos check} (C1 only, serial collector), prints the history's size and the child's figures, and
 * deletes the file. Exits with the child's status (non-zero when the check did not fit).
 */
public final class CheckMemoryBench {
    private CheckMemoryBench() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length < 2) {
            System.err.println("usage: CheckMemoryBench MINUTES RATE [HEAP]   (e.g. 60 19781 1g)");
            System.exit(2);
        }
        double minutes = Double.parseDouble(args[0]);
        long rate = Long.parseLong(args[1].replace("_", ""));
        String heap = args.length > 2 ? args[2] : "1g";
        long sends = Math.round(minutes * 60 * rate);
        Path file = Files.createTempFile("kchaos-check-memory-", ".jsonl");
        int status;
        try {
            long t0 = System.nanoTime();
            QueueHistoryGenerator.Summary s = QueueHistoryGenerator.write(QueueHistoryGenerator.Settings.ofSends(sends), file);
            System.out.printf(Locale.ROOT, "history: %s min at %,d sends/s: %,d lines, %,d sends, %,d records in the log, %.0f MB (generated in %.0f s)%n",
                    args[0], rate, s.ops(), s.sends(), s.records(), Files.size(file) / 1e6, (System.nanoTime() - t0) / 1e9);
            status = child(file, heap);
        } finally {
            Files.deleteIfExists(file); // before exiting: System.exit skips finally blocks
        }
        System.exit(status);
    }

    /** Runs {@link QueueCheckHeap} on file in a JVM of its own, its output passed through; returns its exit status. */
    private static int child(Path file, String heap) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), QueueCheckHeap.class.getName(), file.toString()));
        return new ProcessBuilder(cmd).inheritIO().start().waitFor();
    }
}
