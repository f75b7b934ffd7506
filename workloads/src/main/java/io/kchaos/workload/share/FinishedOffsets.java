package io.kchaos.workload.share;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntToLongFunction;

/**
 * The offsets of each partition that the workload's own acknowledgements finished (an accept or a reject the broker
 * took), thread-safe: per partition the lowest unfinished offset and one bit per offset from about there to the highest
 * finished one, so memory follows the unfinished window, not the run's length.
 */
final class FinishedOffsets {
    /** How far the lowest unfinished offset moves past the bits' base before the bits are shifted down to it. */
    private static final int COMPACT_AFTER = 1 << 16;

    private final Map<Integer, Partition> partitions = new HashMap<>();

    /** Notes that the record at {@code offset} of {@code partition} is finished. */
    synchronized void finish(int partition, long offset) {
        partitions.computeIfAbsent(partition, p -> new Partition()).finish(offset);
    }

    /** The lowest offset of {@code partition} not known to be finished (every one below it is). */
    synchronized long lowestUnfinished(int partition) {
        Partition p = partitions.get(partition);
        return p == null ? 0 : p.low;
    }

    /** Whether every offset of every partition below its end ({@code ends}: partition to end offset) is finished. */
    synchronized boolean allFinishedBelow(Map<Integer, Long> ends) {
        return endsReached(ends, this::lowestUnfinished);
    }

    /**
     * Whether each partition's lowest unfinished offset ({@code lowestUnfinished}: this class's, or the share group's
     * start offset, below which Kafka counts every record finished) is at or past its end in {@code ends}.
     */
    static boolean endsReached(Map<Integer, Long> ends, IntToLongFunction lowestUnfinished) {
        for (Map.Entry<Integer, Long> e : ends.entrySet()) {
            if (lowestUnfinished.applyAsLong(e.getKey()) < e.getValue()) return false;
        }
        return true;
    }

    /** One partition: every offset below {@code low} is finished; bit i of {@code above} is offset {@code base + i}. */
    private static final class Partition {
        private long low;
        private long base;
        private BitSet above = new BitSet();

        void finish(long offset) {
            if (offset < low || offset - base >= Integer.MAX_VALUE) return; // known, or beyond what one BitSet indexes
            above.set((int) (offset - base));
            if (offset != low) return;
            low = base + above.nextClearBit((int) (low - base));
            int shift = (int) (low - base);
            if (shift >= COMPACT_AFTER) {
                above = above.get(shift, Math.max(shift, above.length()));
                base = low;
            }
        }
    }
}
