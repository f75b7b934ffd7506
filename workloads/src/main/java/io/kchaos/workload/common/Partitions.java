package io.kchaos.workload.common;

import org.apache.kafka.common.TopicPartition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** The workload topic's partitions, and conversions of per-partition offsets to the history's partition-number keys. */
public final class Partitions {
    private Partitions() {
    }

    /** Partitions 0..count-1 of the topic. */
    public static List<TopicPartition> of(String topic, int count) {
        List<TopicPartition> list = new ArrayList<>(count);
        for (int p = 0; p < count; p++) list.add(new TopicPartition(topic, p));
        return list;
    }

    /** The offsets keyed by partition number, ascending. */
    public static SortedMap<Integer, Long> byNumber(Map<TopicPartition, Long> offsets) {
        SortedMap<Integer, Long> m = new TreeMap<>();
        offsets.forEach((tp, o) -> m.put(tp.partition(), o));
        return m;
    }
}
