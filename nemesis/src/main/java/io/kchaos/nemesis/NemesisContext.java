package io.kchaos.nemesis;

import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.cluster.CoordinatorView;
import io.kchaos.nemesis.cluster.NodeReturnView;
import io.kchaos.nemesis.cluster.OperationsView;
import io.kchaos.nemesis.cluster.QuorumView;
import io.kchaos.nemesis.cluster.TopicView;

import java.util.List;
import java.util.Random;

/**
 * What a nemesis acts on and records to: the cluster's nodes, the workload topic's metadata, the history, the run's
 * seeded randomness (so a schedule replays from its seed), the coordinators of the workload's transactions and
 * group, the metadata quorum (who the active controller is), the Admin operations an operator runs on the topic, and
 * how a started node is read back in service.
 */
public record NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random,
                             CoordinatorView coordinators, QuorumView quorum, OperationsView operations, NodeReturnView returns) {

    /** A context whose started nodes are not read back (unit tests on fake clusters). */
    public NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random, CoordinatorView coordinators,
                          QuorumView quorum, OperationsView operations) {
        this(cluster, topic, recorder, random, coordinators, quorum, operations, NodeReturnView.UNCHECKED);
    }

    /** A context that runs no planned operations. */
    public NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random, CoordinatorView coordinators,
                          QuorumView quorum) {
        this(cluster, topic, recorder, random, coordinators, quorum, OperationsView.NONE, NodeReturnView.UNCHECKED);
    }

    /** A context that cannot ask the metadata quorum. */
    public NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random, CoordinatorView coordinators) {
        this(cluster, topic, recorder, random, coordinators, QuorumView.NONE, OperationsView.NONE, NodeReturnView.UNCHECKED);
    }

    /** A context whose workload has no coordinators to aim at. */
    public NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random) {
        this(cluster, topic, recorder, random, CoordinatorView.NONE, QuorumView.NONE, OperationsView.NONE, NodeReturnView.UNCHECKED);
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
