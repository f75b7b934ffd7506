package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.cluster.OperationsView.Reassigning;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a {@link Move} asks for its reassignments and reads them back: the workload topic's partitions by number
 * ({@link WorkloadPlacement}), or every topic's ({@link EveryTopicPlacement}), each with how it names a partition in an op's value.
 *
 * @param <K> how a partition is identified
 */
interface Placement<K> {
    /** Asks Kafka to move each partition to its listed replicas; returns once it accepted. */
    void reassign(Map<K, List<Integer>> targets);

    /** The reassignments in progress, by partition; empty when they could not be listed. */
    Optional<Map<K, Reassigning>> reassignments();

    /** Each of {@code partitions}' replicas as read now (an empty list: not read). */
    Map<K, List<Integer>> replicas(Collection<K> partitions);

    /** Each of {@code partitions}' ISR as read now (an empty list: not read). */
    Map<K, List<Integer>> isr(Collection<K> partitions);

    /** The partition's key in an op's value, e.g. {@code "3"}. */
    String name(K partition);

    /** The order partitions are listed in an op's value. */
    Comparator<K> order();

    /** Writes which partitions move into an op's value ({@code "partitions"}, and more where the placement has more to say). */
    void listMoved(Collection<K> partitions, ObjectNode value);
}
