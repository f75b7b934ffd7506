package io.kchaos.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Arrays;
import java.util.List;

/**
 * One measured stretch of a bench: wall seconds, CPU seconds (every thread of the process), GC seconds and the peak heap used (the heap pools' peaks summed,
 * garbage included) since {@link #start}, which collects first and resets the peaks; and medians of rounds.
 */
final class Measured {
    private final List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).toList();
    private final long baseline;
    private final long gc0;
    private final long t0;
    private final long cpu0;

    private Measured() {
        System.gc();
        baseline = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        gc0 = gcMillis();
        t0 = System.nanoTime();
        cpu0 = JacksonTokenizeTime.processCpuNanos();
    }

    static Measured start() {
        return new Measured();
    }

    double seconds() {
        return (System.nanoTime() - t0) / 1e9;
    }

    double cpuSeconds() {
        return (JacksonTokenizeTime.processCpuNanos() - cpu0) / 1e9;
    }

    double gcSeconds() {
        return (gcMillis() - gc0) / 1e3;
    }

    /** The heap in use before the stretch, after a full collection. */
    long baselineBytes() {
        return baseline;
    }

    long peakBytes() {
        return heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    /** Milliseconds the collectors have spent so far, every collector summed. */
    static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(b -> Math.max(0, b.getCollectionTime())).sum();
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
