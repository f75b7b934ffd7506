package io.kchaos.checker.group;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The offsets commits asked for that may have taken effect — those invoked and not (yet) definitely failed — per
 * partition, as a multiset, so the highest one can be asked for at any moment.
 */
final class CommitCandidates {
    private final Map<Integer, TreeMap<Long, Integer>> byPartition = new HashMap<>();

    void add(int partition, long offset) {
        byPartition.computeIfAbsent(partition, k -> new TreeMap<>()).merge(offset, 1, Integer::sum);
    }

    /** A commit that definitely failed: its offset no longer counts. */
    void remove(int partition, long offset) {
        TreeMap<Long, Integer> m = byPartition.get(partition);
        if (m != null) m.computeIfPresent(offset, (k, n) -> n > 1 ? n - 1 : null);
    }

    /** The highest offset that may be committed for the partition, or -1. */
    long max(int partition) {
        TreeMap<Long, Integer> m = byPartition.get(partition);
        return m == null || m.isEmpty() ? -1 : m.lastKey();
    }
}
