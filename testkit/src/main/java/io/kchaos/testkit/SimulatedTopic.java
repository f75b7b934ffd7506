package io.kchaos.testkit;

import java.util.Arrays;

/**
 * The partitions of a simulated topic for the benchmark: each log maps offset to value, with -1 for an offset that
 * holds no record (a transaction marker, or a planted hole where an acknowledged record went missing).
 */
final class SimulatedTopic {
    static final long NO_RECORD = -1;

    private final long[][] logs;
    private final long[] ends;

    SimulatedTopic(int partitions) {
        logs = new long[partitions][1024];
        ends = new long[partitions];
    }

    int partitions() {
        return logs.length;
    }

    /** Appends value (or {@link #NO_RECORD}) and returns its offset. */
    long append(int partition, long value) {
        long offset = ends[partition]++;
        if (offset == logs[partition].length) logs[partition] = Arrays.copyOf(logs[partition], (int) offset * 2);
        logs[partition][(int) offset] = value;
        return offset;
    }

    long end(int partition) {
        return ends[partition];
    }

    long valueAt(int partition, long offset) {
        return logs[partition][(int) offset];
    }
}
