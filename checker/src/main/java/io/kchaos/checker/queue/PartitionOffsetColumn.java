package io.kchaos.checker.queue;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * A column of offsets in several partitions, each held as its distance from the first offset of the same partition set
 * in the same page of a {@link LongColumn}. The partitions' offsets drift apart over a run, so side by side they
 * scatter around a page's line; their distances from their own partition's base lie close to one line.
 */
final class PartitionOffsetColumn {
    private final LongColumn distances;
    private final Map<Integer, LongColumn> bases = new HashMap<>();
    private final Map<Integer, BitSet> based = new HashMap<>();

    PartitionOffsetColumn(int capacity) {
        distances = new LongColumn(capacity);
    }

    /** The offset of entry i, last set in partition; unspecified when it was never set, or last set in another. */
    long get(int i, int partition) {
        LongColumn b = bases.get(partition);
        return distances.get(i) + (b == null ? 0 : b.get(i >>> LongColumn.PAGE_BITS));
    }

    /** Sets entry i to offset in partition (whose base in this page is the first offset of it set there). */
    void set(int i, int partition, long offset) {
        int page = i >>> LongColumn.PAGE_BITS;
        LongColumn b = bases.computeIfAbsent(partition, k -> new LongColumn(16));
        BitSet has = based.computeIfAbsent(partition, k -> new BitSet());
        if (!has.get(page)) {
            if (page >= b.capacity()) b.growTo(page + 1);
            b.set(page, offset);
            has.set(page);
        }
        distances.set(i, offset - b.get(page)); // wraps around for far offsets: get adds it back exactly
    }

    int capacity() {
        return distances.capacity();
    }

    void growTo(int n) {
        distances.growTo(n);
    }

    /** {@link LongColumn#packBehind} of the distances. */
    void packBehind(int size) {
        distances.packBehind(size);
    }
}
