package io.kchaos.nemesis;

import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.cluster.CoordinatorView;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.NodeReturnView;
import io.kchaos.nemesis.cluster.OperationsView;
import io.kchaos.nemesis.cluster.QuorumView;
import io.kchaos.nemesis.cluster.TopicView;

import java.time.Duration;
import java.util.List;
import java.util.Random;

/**
 * What a nemesis acts on and records to: the cluster's nodes, the workload topic's metadata, the history, the run's
 * seeded randomness (so a schedule replays from its seed), the coordinators of the workload's transactions and
 * group, the metadata quorum (who the active controller is), the Admin operations an operator runs on the topic, how
 * a started node is read back in service, and how long a planned operation's effect may take to be read back
 * ({@code effectBound}: {@link EffectWait#BOUND} in a run; unit tests on fakes that never show the effect shorten it).
 */
public record NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random,
                             CoordinatorView coordinators, QuorumView quorum, OperationsView operations, NodeReturnView returns,
                             Duration effectBound) {

    /** A context whose planned operations are read back within {@link EffectWait#BOUND}. */
    public NemesisContext(ClusterControl cluster, TopicView topic, NemesisRecorder recorder, Random random, CoordinatorView coordinators,
                          QuorumView quorum, OperationsView operations, NodeReturnView returns) {
        this(cluster, topic, recorder, random, coordinators, quorum, operations, returns, EffectWait.BOUND);
    }

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

    /** This context with the planned operations' effects read back within {@code bound}. */
    public NemesisContext withEffectBound(Duration bound) {
        return new NemesisContext(cluster, topic, recorder, random, coordinators, quorum, operations, returns, bound);
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
