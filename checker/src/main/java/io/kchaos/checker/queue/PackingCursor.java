package io.kchaos.checker.queue;

import java.util.BitSet;
import java.util.function.IntConsumer;

/**
 * Which pages of a paged structure are due to be packed: every page below a moving limit once, and again each page a
 * change unpacked since. It keeps the bookkeeping only; the structure packs.
 */
final class PackingCursor {
    private int packedBelow;
    private final BitSet unpacked = new BitSet();

    /** Page p, once packed, was unpacked by a change: it is packed again by the next {@link #packBelow}. */
    void unpacked(int p) {
        if (p < packedBelow) unpacked.set(p);
    }

    /** Hands {@code pack} every page below {@code limit} not handed over yet, and every one unpacked since. */
    void packBelow(int limit, IntConsumer pack) {
        for (; packedBelow < limit; packedBelow++) pack.accept(packedBelow);
        for (int p = unpacked.nextSetBit(0); p >= 0 && p < limit; p = unpacked.nextSetBit(p + 1)) {
            unpacked.clear(p);
            pack.accept(p);
        }
    }
}
