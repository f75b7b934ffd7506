package io.kchaos.nemesis.cluster;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
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

    /**
     * The partition's high watermark as its leader reports it now (ListOffsets, latest): every offset below it was
     * committed by the ISR of the moment; empty when it could not be read.
     */
    default OptionalLong highWatermark(int partition) {
        return OptionalLong.empty();
    }

    /**
     * Where the partition's current leader began leading, asked of that leader: its log end offset when it was elected
     * (the start of its leader epoch); empty when it could not be read.
     */
    default OptionalLong leaderEpochStart(int partition) {
        return OptionalLong.empty();
    }

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
