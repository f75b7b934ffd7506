package io.kchaos.workload.common;

import io.kchaos.workload.ReadRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The topics a workload writes and how the history numbers their partitions (docs/format.md, "Several topics"): with
 * one topic, partition p is p and nothing names the topic; with several, topic i's partition p is
 * {@code i * partitions + p} and sends and read records name their topic.
 *
 * @param topics     the topics, in order
 * @param partitions partitions of each topic
 */
public record TopicLayout(List<String> topics, int partitions) {
    public TopicLayout {
        topics = List.copyOf(topics);
    }

    /** One topic: the history's partitions are the topic's. */
    public static TopicLayout single(String topic, int partitions) {
        return new TopicLayout(List.of(topic), partitions);
    }

    /**
     * This layout after its one topic grew to {@code count} partitions (a topic that gained partitions mid-run keeps
     * its history numbering, since partition p is p); itself when the count is not larger, or when the history numbers
     * several topics' partitions by their count, which must then stay fixed.
     */
    public TopicLayout grown(int count) {
        return named() || count <= partitions ? this : single(topics.get(0), count);
    }

    /** True when the history names topics (more than one). */
    public boolean named() {
        return topics.size() > 1;
    }

    /** The name the history gives {@code topic}: itself when topics are named, else null. */
    public String historyTopic(String topic) {
        return named() ? topic : null;
    }

    /** Every topic-partition, in history partition order (list index = history partition). */
    public List<TopicPartition> all() {
        List<TopicPartition> out = new ArrayList<>(topics.size() * partitions);
        for (String t : topics) out.addAll(Partitions.of(t, partitions));
        return out;
    }

    /** The partitions of one topic. */
    public List<TopicPartition> of(String topic) {
        return Partitions.of(topic, partitions);
    }

    /** Number of history partitions. */
    public int size() {
        return topics.size() * partitions;
    }

    /** The history's number of {@code partition} of {@code topic}. */
    public int historyPartition(String topic, int partition) {
        int i = topics.indexOf(topic);
        if (i < 0) throw new IllegalArgumentException("topic " + topic + " is not one of " + topics);
        return i * partitions + partition;
    }

    /** The topic-partition a history partition number stands for. */
    public TopicPartition topicPartition(int historyPartition) {
        return new TopicPartition(topics.get(historyPartition / partitions), historyPartition % partitions);
    }

    /** Offsets keyed by history partition, ascending. */
    public SortedMap<Integer, Long> byHistoryPartition(Map<TopicPartition, Long> offsets) {
        SortedMap<Integer, Long> m = new TreeMap<>();
        offsets.forEach((tp, o) -> m.put(historyPartition(tp.topic(), tp.partition()), o));
        return m;
    }

    /** A record read from {@code topic} as the history writes it. */
    public ReadRecord inHistory(String topic, ReadRecord r) {
        return new ReadRecord(historyPartition(topic, r.partition()), r.offset(), r.key(), r.value(), historyTopic(topic));
    }

    /** A record a Java consumer read, as the history writes it. */
    public ReadRecord inHistory(ConsumerRecord<String, String> r) {
        return inHistory(r.topic(), ReadRecord.of(r));
    }
}
