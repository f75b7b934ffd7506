package io.kchaos.checker.group;

import java.util.Arrays;

/** An offset per partition number (-1 where none is known yet), with the history index it came from; grows as needed. */
final class PartitionOffsets {
    private long[] offsets = new long[0];
    private long[] indexes = new long[0];

    /** The offset of partition p, or -1. */
    long get(int p) {
        return p < offsets.length ? offsets[p] : -1;
    }

    /** The history index the offset of p came from, or -1. */
    long indexOf(int p) {
        return p < indexes.length ? indexes[p] : -1;
    }

    /** Raises p's offset to at least offset. */
    void raise(int p, long offset, long index) {
        if (offset > get(p)) set(p, offset, index);
    }

    void set(int p, long offset, long index) {
        if (p >= offsets.length) {
            int n = Math.max(p + 1, offsets.length * 2);
            int old = offsets.length;
            offsets = Arrays.copyOf(offsets, n);
            indexes = Arrays.copyOf(indexes, n);
            Arrays.fill(offsets, old, n, -1);
            Arrays.fill(indexes, old, n, -1);
        }
        offsets[p] = offset;
        indexes[p] = index;
    }

    /** A copy of the offsets (index i = partition i), for comparing a later observation with this moment. */
    long[] snapshot() {
        return offsets.clone();
    }

    /** The offset of p in a snapshot, or -1. */
    static long in(long[] snapshot, int p) {
        return p < snapshot.length ? snapshot[p] : -1;
    }
}
