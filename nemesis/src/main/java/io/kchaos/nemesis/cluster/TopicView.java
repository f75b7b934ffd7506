package io.kchaos.nemesis.cluster;

import java.util.List;
import java.util.Optional;

/** What the nemesis may ask of the cluster's metadata: leaders, replicas and ISRs of the workload's topic. */
public interface TopicView {
    int partitions();

    /** The partition's current leader, if it has one and the metadata could be read. */
    Optional<Integer> leader(int partition);

    /** Assigned replicas, leader first where known. */
    List<Integer> replicas(int partition);

    /** In-sync replicas. */
    List<Integer> isr(int partition);
}
