package io.kchaos.nemesis;

import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.cluster.CoordinatorView;
import io.kchaos.nemesis.cluster.OperationsView;
import io.kchaos.nemesis.cluster.QuorumView;
import io.kchaos.nemesis.cluster.TopicView;

import java.util.List;
import java.util.Random;

/**
 * What a nemesis acts on and records to: the cluster's nodes, the workload topic's metadata, the history, the run's
 * seeded randomness (so a schedule replays from its seed), the coordinators of the workload's transactions and
 * group, the metadata quorum (who the active controller is), and the Admin operations an operator runs on the topic.
 */
public record NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random,
                             CoordinatorView coordinators, QuorumView quorum, OperationsView operations) {

    /** A context that runs no planned operations. */
    public NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random, CoordinatorView coordinators,
                          QuorumView quorum) {
        this(cluster, topic, recorder, random, coordinators, quorum, OperationsView.NONE);
    }

    /** A context that cannot ask the metadata quorum. */
    public NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random, CoordinatorView coordinators) {
        this(cluster, topic, recorder, random, coordinators, QuorumView.NONE, OperationsView.NONE);
    }

    /** A context whose workload has no coordinators to aim at. */
    public NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random) {
        this(cluster, topic, recorder, random, CoordinatorView.NONE, QuorumView.NONE, OperationsView.NONE);
    }

    /** A random element of a non-empty list. */
    public <T> T pick(List<T> from) {
        return from.get(random.nextInt(from.size()));
    }

    /** A random partition of the workload topic. */
    public int randomPartition() {
        return random.nextInt(topic.partitions());
    }
}
