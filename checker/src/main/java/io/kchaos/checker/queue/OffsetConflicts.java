package io.kchaos.checker.queue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * The (partition, offset) positions that acknowledgements and reads claim for two or more different values, each
 * value with the history index of its first claim there. Such positions are rare, so a plain map is fine.
 */
final class OffsetConflicts {
    /** A position in the topic. */
    record Position(int partition, long offset) {
    }

    private final Map<Position, TreeMap<Long, Long>> byPosition = new LinkedHashMap<>();

    void add(int partition, long offset, long firstValue, long firstIndex, long value, long index) {
        TreeMap<Long, Long> values = byPosition.computeIfAbsent(new Position(partition, offset), k -> {
            TreeMap<Long, Long> m = new TreeMap<>();
            m.put(firstValue, firstIndex);
            return m;
        });
        values.putIfAbsent(value, index);
    }

    boolean contains(int partition, long offset) {
        return byPosition.containsKey(new Position(partition, offset));
    }

    /** Visits each position with its values (ascending) mapped to the index of their first claim. */
    void forEach(BiConsumer<Position, Map<Long, Long>> visitor) {
        byPosition.forEach(visitor);
    }
}
