package io.kchaos.checker.queue;

import java.util.Collection;
import java.util.TreeMap;

/** The {@link PartitionLog}s of the topic, created on first mention, in partition order. */
final class Partitions {
    private final TreeMap<Integer, PartitionLog> logs = new TreeMap<>();
    private final ValueTable values;
    private PartitionLog last;

    Partitions(ValueTable values) {
        this.values = values;
    }

    PartitionLog get(int partition) {
        if (last != null && last.partition() == partition) return last;
        last = logs.computeIfAbsent(partition, p -> new PartitionLog(p, values));
        return last;
    }

    /** The log of partition, or null when the history never mentions it. */
    PartitionLog find(int partition) {
        return logs.get(partition);
    }

    Collection<PartitionLog> all() {
        return logs.values();
    }
}
