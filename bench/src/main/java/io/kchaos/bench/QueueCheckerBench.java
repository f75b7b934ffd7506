package io.kchaos.bench;

import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Op;
import io.kchaos.checker.queue.QueueChecker;
import io.kchaos.checker.result.CheckResult;

import io.kchaos.testkit.QueueHistoryGenerator;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Times {@link QueueChecker} over a generated history file: {@code QueueCheckerBench [OPS] [HISTORY_PATH]
 * [--plant=N] [--rounds=R]} writes OPS lines (default 1,000,000) with {@link QueueHistoryGenerator} (to a temp file
 * unless a path is given, which is then kept), then, R times (default 3), tokenizes it with Jackson and reads and
 * judges it with HistoryFile + QueueChecker, printing each round's seconds, ops/s, GC time and peak heap used while
 * judging (the sum of the heap pools' peaks, garbage included), then the medians and their ratio. {@code --plant=N}
 * plants N lost writes and N aborted reads, which the verdict must then report. After the first round it judges the
 * file once more, untimed, to print the heap the checker holds at the end of its pass (after a full GC) per
 * acknowledged value.
 */
public final class QueueCheckerBench {
    private QueueCheckerBench() {
    }

    public static void main(String[] args) throws IOException {
        long ops = 1_000_000;
        Path path = null;
        int plant = 0;
        int rounds = 3;
        try {
            int positional = 0;
            for (String a : args) {
                if (a.startsWith("--plant=")) plant = Integer.parseInt(a.substring("--plant=".length()));
                else if (a.startsWith("--rounds=")) rounds = Math.max(1, Integer.parseInt(a.substring("--rounds=".length())));
                else if (positional++ == 0) ops = Long.parseLong(a.replace("_", ""));
                else path = Path.of(a);
            }
        } catch (NumberFormatException e) {
            System.err.println("usage: QueueCheckerBench [OPS] [HISTORY_PATH] [--plant=N] [--rounds=R]  (" + e.getMessage() + ")");
            System.exit(2);
        }
        boolean keep = path != null;
        Path file = keep ? path : Files.createTempFile("kchaos-bench-", ".jsonl");
        try {
            run(ops, file, plant, rounds);
        } finally {
            if (!keep) Files.deleteIfExists(file);
        }
    }

    private static void run(long ops, Path file, int plant, int rounds) throws IOException {
        long t0 = System.nanoTime();
        QueueHistoryGenerator.Summary summary =
                QueueHistoryGenerator.write(QueueHistoryGenerator.Settings.of(ops).planting(plant, plant), file);
        double generateSeconds = seconds(System.nanoTime() - t0);
        System.out.printf(Locale.ROOT, "generated %,d ops (%,d sends, %,d records, planted %d lost + %d aborted) in %.1f s: %s (%.0f MB)%n",
                summary.ops(), summary.sends(), summary.records(), summary.plantedLosses(), summary.plantedAbortedReads(),
                generateSeconds, file, Files.size(file) / 1e6);

        long live = 0;
        double[] checkWall = new double[rounds];
        double[] checkCpu = new double[rounds];
        double[] tokenizeWall = new double[rounds];
        double[] tokenizeCpu = new double[rounds];
        CheckResult result = null;
        for (int r = 0; r < rounds; r++) {
            double[] tokenize = JacksonTokenizeTime.measure(file);
            tokenizeWall[r] = tokenize[0];
            tokenizeCpu[r] = tokenize[1];
            result = timedCheck(file, summary.ops(), r + 1, checkWall, checkCpu);
            System.out.printf(Locale.ROOT, "round %d: check %.2f s wall, %.2f s CPU (all threads) | Jackson tokenize alone %.2f s wall, "
                            + "%.2f s CPU | check / tokenize: %.2f wall, %.2f CPU%n", r + 1, checkWall[r], checkCpu[r],
                    tokenizeWall[r], tokenizeCpu[r], checkWall[r] / tokenizeWall[r], checkCpu[r] / tokenizeCpu[r]);
            if (r == 0) live = liveHeapAtEndOfPass(file); // after one warm pass (classes, lambda forms), before any later round's leftovers
        }
        System.out.printf(Locale.ROOT, "check %.2f s wall, %.2f s CPU (all threads) | Jackson tokenize alone %.2f s wall, "
                        + "%.2f s CPU | check / tokenize: %.2f wall, %.2f CPU (medians of %d rounds)%n", Measured.median(checkWall), Measured.median(checkCpu),
                Measured.median(tokenizeWall), Measured.median(tokenizeCpu), Measured.median(checkWall) / Measured.median(tokenizeWall),
                Measured.median(checkCpu) / Measured.median(tokenizeCpu), rounds);
        CheckResult last = result;
        long acked = last.stats().path(ClientOps.SEND).path("ok").asLong();
        System.out.printf(Locale.ROOT, "live heap at the end of the pass (after a full GC, everything the checker holds): "
                + "%.0f MB, %.0f bytes per acknowledged value (%,d acknowledged)%n", live / 1e6, (double) live / Math.max(1, acked), acked);
        System.out.println("verdict: " + last.verdict() + " " + last.anomalyTypes().stream()
                .map(t -> t + "=" + last.count(t)).toList() + "; stats " + last.stats());
    }

    /** Judges the file once, printing the round's figures and storing its wall and CPU seconds at {@code round - 1}. */
    private static CheckResult timedCheck(Path file, long ops, int round, double[] wall, double[] cpu) {
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        System.gc();
        long baseline = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);

        long t1 = System.nanoTime();
        long threadCpu1 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        long processCpu1 = JacksonTokenizeTime.processCpuNanos();
        long gc1 = Measured.gcMillis();
        CheckResult result = new QueueChecker().check(HistoryFile.open(file));
        double threadCpuSeconds = seconds(ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - threadCpu1);
        cpu[round - 1] = seconds(JacksonTokenizeTime.processCpuNanos() - processCpu1);
        wall[round - 1] = seconds(System.nanoTime() - t1);
        long gcCheckMillis = Measured.gcMillis() - gc1;

        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.out.printf(Locale.ROOT, "round %d: checked in %.2f s (%.2f s CPU of the judging thread): %,.0f ops/s; "
                        + "peak heap used %.0f MB (baseline %.0f MB, max %.0f MB), %.2f s in GC%n",
                round, wall[round - 1], threadCpuSeconds, ops / wall[round - 1], peak / 1e6, baseline / 1e6,
                Runtime.getRuntime().maxMemory() / 1e6, gcCheckMillis / 1e3);
        return result;
    }

    /**
     * Judges the file again (untimed) and measures the heap in use, after a full collection, once the last op has been
     * visited, less the heap in use before: what the checker holds for the whole history, garbage excluded.
     */
    private static long liveHeapAtEndOfPass(Path file) {
        System.gc();
        long before = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        HistoryFile source = HistoryFile.open(file);
        long[] live = {0};
        new QueueChecker().check(new History() {
            @Override
            public void forEach(Consumer<Op> visitor) {
                source.forEach(visitor);
                System.gc();
                live[0] = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() - before;
            }

            @Override
            public List<String> warnings() {
                return source.warnings();
            }
        });
        return live[0];
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
