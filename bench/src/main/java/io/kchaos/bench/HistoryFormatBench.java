package io.kchaos.bench;

import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryFormat;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.testkit.QueueHistoryGenerator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures the two history formats on a generated queue history: {@code HistoryFormatBench [OPS [OPS_PER_FRAME,...]]}
 * (default 500,000 ops, frames of 2,000 and 20,000 ops: ~100 ms of writes at the default 1,000 sends/s and at full
 * rate) writes the same ops with {@link HistoryWriter} in each format, flushing every OPS_PER_FRAME ops, and prints
 * bytes per op and per acknowledged send, the write throughput (append to closed file) and the read throughput
 * ({@link HistoryFile}), median of 3 rounds.
 */
public final class HistoryFormatBench {
    private static final int ROUNDS = 3;

    private HistoryFormatBench() {
    }

    public static void main(String[] args) throws IOException {
        long n = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 500_000;
        List<Integer> frames = new ArrayList<>();
        if (args.length > 1) for (String f : args[1].split(",")) frames.add(Integer.parseInt(f.replace("_", "")));
        else frames.addAll(List.of(2_000, 20_000));
        Path dir = Files.createTempDirectory("kchaos-history-format");
        try {
            run(n, frames, dir);
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        }
    }

    private static void run(long n, List<Integer> frames, Path dir) throws IOException {
        Path generated = dir.resolve("generated.jsonl");
        QueueHistoryGenerator.write(QueueHistoryGenerator.Settings.of(n), generated);
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(generated).forEach(ops::add);
        long acked = ops.stream().filter(o -> o.type() == OpType.OK && o.f().equals(ClientOps.SEND)).count();
        System.out.printf(Locale.ROOT, "%,d ops (%,d acknowledged sends), %s, %d cores, %s%n", ops.size(), acked,
                System.getProperty("java.vm.name") + " " + Runtime.version(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.arch"));
        System.out.println("format  ops/frame   bytes/op  bytes/ack-send  ratio   write ops/s   write MB/s (plain-equivalent)   read ops/s");
        for (int perFrame : frames) {
            long plainBytes = 0;
            for (HistoryFormat format : HistoryFormat.values()) {
                Path file = dir.resolve("h-" + perFrame + "." + format.wire());
                double[] write = new double[ROUNDS];
                double[] read = new double[ROUNDS];
                for (int r = 0; r < ROUNDS; r++) {
                    write[r] = write(ops, file, format, perFrame);
                    read[r] = read(file);
                }
                long bytes = Files.size(file);
                if (format == HistoryFormat.JSONL) plainBytes = bytes;
                double writeSeconds = Measured.median(write);
                System.out.printf(Locale.ROOT, "%-6s  %9d  %9.1f  %14.1f  %5.1fx  %12.0f  %30.0f  %11.0f%n", format.wire(), perFrame,
                        (double) bytes / ops.size(), (double) bytes / acked, (double) plainBytes / bytes, ops.size() / writeSeconds,
                        plainBytes / 1e6 / writeSeconds, ops.size() / Measured.median(read));
            }
        }
    }

    /** Seconds to append every op and close the file, flushing every {@code perFrame} ops (the writer thread's own 100 ms flushes also run). */
    private static double write(List<Op> ops, Path file, HistoryFormat format, int perFrame) {
        long t0 = System.nanoTime();
        try (HistoryWriter w = new HistoryWriter(file, format)) {
            int inFrame = 0;
            for (Op op : ops) {
                w.append(op.process(), op.type(), op.f(), op.value(), op.error());
                if (++inFrame == perFrame) {
                    w.flush();
                    inFrame = 0;
                }
            }
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    private static double read(Path file) {
        long t0 = System.nanoTime();
        long[] count = new long[1];
        HistoryFile.open(file).forEach(op -> count[0]++);
        return (System.nanoTime() - t0) / 1e9;
    }
}
