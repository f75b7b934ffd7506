package io.kchaos.nemesis;

import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.cluster.TopicView;

import java.util.List;
import java.util.Random;

/**
 * What a nemesis acts on and records to: the cluster's nodes, the workload topic's metadata, the history, and the
 * run's seeded randomness (so a schedule replays from its seed).
 */
public record NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random) {

    /** A random element of a non-empty list. */
    public <T> T pick(List<T> from) {
        return from.get(random.nextInt(from.size()));
    }

    /** A random partition of the workload topic. */
    public int randomPartition() {
        return random.nextInt(topic.partitions());
    }
}
