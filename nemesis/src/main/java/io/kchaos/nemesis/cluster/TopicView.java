package io.kchaos.nemesis.cluster;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** What the nemesis may ask of the cluster's metadata: leaders, replicas and ISRs of the workload's topic. */
public interface TopicView {
    int partitions();

    /** The partition's current leader, if it has one and the metadata could be read. */
    Optional<Integer> leader(int partition);

    /** Assigned replicas, leader first where known. */
    List<Integer> replicas(int partition);

    /** In-sync replicas. */
    List<Integer> isr(int partition);

    /**
     * The brokers the controller counts as registered and unfenced, if the metadata could be read. A SIGKILLed broker
     * stays in this set until the controller fences it ({@code broker.session.timeout.ms} after its last heartbeat).
     */
    default Optional<Set<Integer>> unfencedBrokers() {
        return Optional.empty();
    }
}
