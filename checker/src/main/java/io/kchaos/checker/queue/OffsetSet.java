package io.kchaos.checker.queue;

import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;

/**
 * A set of non-negative offsets as a bitmap split into chunks of 4096 offsets, so dense logs cost about a bit per
 * offset and sparse or huge offsets cost only the chunks they touch. Answers "is some member strictly between a and b".
 */
public final class OffsetSet {
    private static final int CHUNK_BITS = 12;
    private static final int CHUNK_SIZE = 1 << CHUNK_BITS;

    private final TreeMap<Long, BitSet> chunks = new TreeMap<>();
    private long lastKey = -1;
    private BitSet lastChunk;

    public void add(long offset) {
        if (offset < 0) throw new IllegalArgumentException("negative offset " + offset);
        long key = offset >>> CHUNK_BITS;
        if (key != lastKey) {
            lastChunk = chunks.computeIfAbsent(key, k -> new BitSet(CHUNK_SIZE));
            lastKey = key;
        }
        lastChunk.set((int) (offset & (CHUNK_SIZE - 1)));
    }

    public boolean contains(long offset) {
        if (offset < 0) return false;
        BitSet chunk = chunks.get(offset >>> CHUNK_BITS);
        return chunk != null && chunk.get((int) (offset & (CHUNK_SIZE - 1)));
    }

    /** The smallest member at or above from, or -1 when there is none. */
    public long nextAtOrAbove(long from) {
        long start = Math.max(0, from);
        long startKey = start >>> CHUNK_BITS;
        for (Map.Entry<Long, BitSet> e = chunks.ceilingEntry(startKey); e != null; e = chunks.higherEntry(e.getKey())) {
            long base = e.getKey() << CHUNK_BITS;
            int bit = e.getValue().nextSetBit(e.getKey() == startKey ? (int) (start - base) : 0);
            if (bit >= 0) return base + bit;
        }
        return -1;
    }

    /** The smallest member strictly between a and b, or -1 when there is none. */
    long firstBetween(long a, long b) {
        long next = nextAtOrAbove(a + 1);
        return next >= 0 && next < b ? next : -1;
    }
}
