package io.kchaos.nemesis.cluster;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** What the nemesis may ask of the cluster's metadata: leaders, replicas and ISRs of the workload's topic. */
public interface TopicView {
    /** The topic's partition count as last seen: it grows when partitions are added mid-run. */
    int partitions();

    /** The partition's current leader, if it has one and the metadata could be read. */
    Optional<Integer> leader(int partition);

    /** Assigned replicas, leader first where known. */
    List<Integer> replicas(int partition);

    /** In-sync replicas. */
    List<Integer> isr(int partition);

    /** True when every partition has a leader and its ISR is all its replicas (false while the metadata cannot be read). */
    default boolean fullIsr() {
        for (int p = 0; p < partitions(); p++) {
            List<Integer> replicas = replicas(p);
            if (leader(p).isEmpty() || replicas.isEmpty() || !Set.copyOf(isr(p)).equals(Set.copyOf(replicas))) return false;
        }
        return true;
    }

    /**
     * The brokers the controller counts as registered and unfenced, if the metadata could be read. A SIGKILLed broker
     * stays in this set until the controller fences it ({@code broker.session.timeout.ms} after its last heartbeat).
     */
    default Optional<Set<Integer>> unfencedBrokers() {
        return Optional.empty();
    }
}
