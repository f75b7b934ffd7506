package io.kchaos.bench.memory;

import io.kchaos.checker.queue.QueueChecker;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Op;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The child JVM of {@link CheckMemoryBench}: {@code QueueCheckHeap HISTORY} judges the history (a file, or a named pipe
 * read once by the same reader) with the {@link QueueChecker} once, in whatever heap the JVM was given, and prints the
 * verdict, the seconds, the largest heap left after a collection and the heap the checker holds at the end of its pass
 * (after full collections).
 */
public final class QueueCheckHeap {
    private static final int FULL_COLLECTIONS = 4;

    private QueueCheckHeap() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        HeapWatch watch = HeapWatch.start();
        long before = liveNow();
        long[] live = {0};
        // a named pipe, which HistoryFile.open refuses (kchaos check reads a history more than once), is read once here
        HistoryFile source = Files.isRegularFile(file) ? HistoryFile.open(file) : new HistoryFile(file);
        long t0 = System.nanoTime();
        long cpu0 = cpuNanos();
        CheckResult r = new QueueChecker().check(new History() {
            @Override
            public void forEach(Consumer<Op> visitor) {
                source.forEach(visitor);
                live[0] = liveNow() - before; // the checker's state once every op is in, before its judgement
            }

            @Override
            public List<String> warnings() {
                return source.warnings();
            }
        });
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpu = (cpuNanos() - cpu0) / 1e9;
        long acked = r.stats().path(ClientOps.SEND).path("ok").asLong();
        System.out.println("verdict: " + r.verdict() + " " + r.anomalyTypes().stream().map(t -> t + "=" + r.count(t)).toList());
        System.out.printf(Locale.ROOT, "heap limit: %.0f MB%n", Runtime.getRuntime().maxMemory() / 1e6);
        System.out.printf(Locale.ROOT, "check: %.1f s wall, %.1f s CPU (the full collection at the end of the pass included)%n", wall, cpu);
        System.out.printf(Locale.ROOT, "largest heap after a collection: %.0f MB%n", watch.maxAfterGcBytes() / 1e6);
        System.out.printf(Locale.ROOT, "checker state at the end of the pass: %.0f MB, %.1f bytes per acknowledged send (%,d acknowledged)%n",
                live[0] / 1e6, (double) live[0] / Math.max(1, acked), acked);
    }

    /**
     * The heap in use after full collections: the least of {@value #FULL_COLLECTIONS}, since the serial collector leaves
     * up to 5 % of the old generation's dead objects in place (-XX:MarkSweepDeadRatio) but for every fourth full
     * collection (-XX:MarkSweepAlwaysCompactCount), which compacts it completely.
     */
    private static long liveNow() {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < FULL_COLLECTIONS; i++) {
            System.gc();
            least = Math.min(least, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return least;
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
