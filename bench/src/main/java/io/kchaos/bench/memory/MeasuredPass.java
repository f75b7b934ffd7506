package io.kchaos.bench.memory;

import io.kchaos.checker.Checker;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Op;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.function.Consumer;

/**
 * One checker's pass over a history in this JVM, measured: its wall and CPU seconds, the largest heap left after a
 * collection, and the heap the checker holds once every op is in (before its judgement), above what was in use before.
 */
final class MeasuredPass {
    private static final int FULL_COLLECTIONS = 4;

    /** What one pass gave and cost. */
    record Figures(CheckResult result, double wallSeconds, double cpuSeconds, long maxAfterGcBytes, long stateBytes) {
    }

    private MeasuredPass() {
    }

    /** Runs {@code checker} over {@code source} once and measures it. */
    static Figures of(Checker checker, HistoryFile source) {
        HeapWatch watch = HeapWatch.start();
        long before = liveNow();
        long[] state = {0};
        long t0 = System.nanoTime();
        long cpu0 = cpuNanos();
        CheckResult r = checker.check(new History() {
            @Override
            public void forEach(Consumer<Op> visitor) {
                source.forEach(visitor);
                state[0] = liveNow() - before; // the checker's state once every op is in, before its judgement
            }

            @Override
            public List<String> warnings() {
                return source.warnings();
            }
        });
        return new Figures(r, (System.nanoTime() - t0) / 1e9, (cpuNanos() - cpu0) / 1e9, watch.maxAfterGcBytes(), state[0]);
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
