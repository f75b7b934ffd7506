package io.kchaos.nemesis.operation;

import io.kchaos.nemesis.cluster.OperationsView.PartitionReplicas;
import org.apache.kafka.common.TopicPartition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Where a decommission moves each replica a broker hosts, of every topic: to a running broker outside its partition's
 * set, in the broker's place in the list (so a partition it led gets a new preferred leader).
 *
 * @param from each moved partition's replicas before
 * @param to   each moved partition's replicas after
 */
record DrainPlan(Map<TopicPartition, List<Integer>> from, Map<TopicPartition, List<Integer>> to) {
    /** True when {@code broker} hosts some partition and every one it hosts has a running broker outside its set. */
    static boolean possible(Map<TopicPartition, PartitionReplicas> every, int broker, List<Integer> running) {
        List<List<Integer>> hosted = every.values().stream().map(PartitionReplicas::replicas).filter(r -> r.contains(broker)).toList();
        return !hosted.isEmpty() && hosted.stream().allMatch(r -> !outside(r, running).isEmpty());
    }

    /** The move off {@code broker}, each new replica drawn with {@code random}; {@link #possible} must hold. */
    static DrainPlan of(Map<TopicPartition, PartitionReplicas> every, int broker, List<Integer> running, Random random) {
        Map<TopicPartition, List<Integer>> from = new LinkedHashMap<>();
        Map<TopicPartition, List<Integer>> to = new LinkedHashMap<>();
        every.forEach((tp, r) -> {
            List<Integer> replicas = r.replicas();
            if (!replicas.contains(broker)) return;
            List<Integer> outside = outside(replicas, running);
            if (outside.isEmpty()) throw new IllegalStateException(tp + " " + replicas + " has no running broker outside its set");
            List<Integer> target = new ArrayList<>(replicas);
            target.set(replicas.indexOf(broker), outside.get(random.nextInt(outside.size())));
            from.put(tp, replicas);
            to.put(tp, List.copyOf(target));
        });
        return new DrainPlan(from, to);
    }

    private static List<Integer> outside(List<Integer> replicas, List<Integer> running) {
        return running.stream().filter(b -> !replicas.contains(b)).toList();
    }
}
