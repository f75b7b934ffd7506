package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.OperationsView.PartitionReplicas;
import io.kchaos.nemesis.cluster.OperationsView.Reassigning;
import org.apache.kafka.common.TopicPartition;

import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Every topic's partitions, internal ones too, read with one {@code everyPartition} read a poll: what a decommission
 * moves. A partition of the workload topic is named by its number, as {@link WorkloadPlacement} names it (so an op's
 * value keeps its workload fields), any other as {@code <topic>-<partition>}, e.g. {@code "__consumer_offsets-7"}.
 */
record EveryTopicPlacement(NemesisContext ctx) implements Placement<TopicPartition> {
    @Override
    public void reassign(Map<TopicPartition, List<Integer>> targets) {
        ctx.operations().reassignAny(targets);
    }

    @Override
    public Optional<Map<TopicPartition, Reassigning>> reassignments() {
        return ctx.operations().everyReassignment();
    }

    @Override
    public Map<TopicPartition, List<Integer>> replicas(Collection<TopicPartition> partitions) {
        return read(partitions, PartitionReplicas::replicas);
    }

    @Override
    public Map<TopicPartition, List<Integer>> isr(Collection<TopicPartition> partitions) {
        return read(partitions, PartitionReplicas::isr);
    }

    private Map<TopicPartition, List<Integer>> read(Collection<TopicPartition> partitions, Function<PartitionReplicas, List<Integer>> part) {
        Map<TopicPartition, PartitionReplicas> all = ctx.operations().everyPartition().orElse(Map.of());
        Map<TopicPartition, List<Integer>> out = new LinkedHashMap<>();
        partitions.forEach(tp -> out.put(tp, all.containsKey(tp) ? part.apply(all.get(tp)) : List.of()));
        return out;
    }

    @Override
    public String name(TopicPartition tp) {
        return isWorkload(tp) ? Integer.toString(tp.partition()) : tp.topic() + "-" + tp.partition();
    }

    /** The partition {@link #name} names. */
    TopicPartition parse(String name) {
        int dash = name.lastIndexOf('-');
        if (dash < 0) return new TopicPartition(ctx.operations().topicName(), Integer.parseInt(name));
        return new TopicPartition(name.substring(0, dash), Integer.parseInt(name.substring(dash + 1)));
    }

    /** The workload topic first, then the others by name; by partition within a topic. */
    @Override
    public Comparator<TopicPartition> order() {
        return Comparator.comparing((TopicPartition tp) -> !isWorkload(tp)).thenComparing(TopicPartition::topic)
                .thenComparingInt(TopicPartition::partition);
    }

    /** {@code "partitions"}: the workload topic's, by number; {@code "topics"}: every topic's, by topic, e.g. {@code {"__consumer_offsets": [7, 12]}}. */
    @Override
    public void listMoved(Collection<TopicPartition> partitions, ObjectNode value) {
        ArrayNode workload = value.putArray("partitions");
        partitions.stream().filter(this::isWorkload).map(TopicPartition::partition).sorted().forEach(workload::add);
        Map<String, List<Integer>> byTopic = new TreeMap<>();
        partitions.forEach(tp -> byTopic.computeIfAbsent(tp.topic(), t -> new java.util.ArrayList<>()).add(tp.partition()));
        ObjectNode topics = value.putObject("topics");
        byTopic.forEach((t, ps) -> {
            ArrayNode a = topics.putArray(t);
            ps.stream().sorted().forEach(a::add);
        });
    }

    private boolean isWorkload(TopicPartition tp) {
        return tp.topic().equals(ctx.operations().topicName());
    }
}
