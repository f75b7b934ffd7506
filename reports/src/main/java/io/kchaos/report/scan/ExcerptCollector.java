package io.kchaos.report.scan;

import io.kchaos.history.Op;

import java.util.BitSet;
import java.util.Collection;
import java.util.SortedMap;
import java.util.TreeMap;

/** Keeps the history ops within a few lines of the indices anomalies point at, for the report's excerpts. */
final class ExcerptCollector {
    private final BitSet wanted = new BitSet();
    private final SortedMap<Long, Op> kept = new TreeMap<>();

    ExcerptCollector(Collection<Long> centers, int radius) {
        for (long c : centers) {
            if (c < 0 || c > Integer.MAX_VALUE - radius - 1) continue;
            wanted.set((int) Math.max(0, c - radius), (int) c + radius + 1);
        }
    }

    /** True when the line at this index belongs to an excerpt. */
    boolean wants(long i) {
        return i >= 0 && i <= Integer.MAX_VALUE && wanted.get((int) i);
    }

    void offer(Op op) {
        if (wants(op.index())) kept.put(op.index(), op);
    }

    SortedMap<Long, Op> kept() {
        return kept;
    }
}
