package io.kchaos.cluster;

import io.kchaos.cluster.security.SecurityMode;

import java.time.Duration;
import java.util.Map;

/**
 * What cluster to start: broker count, broker jar set, resolved broker settings (kchaos defaults + user overrides),
 * broker heap, how long to wait for readiness, the metadata quorum (combined mode, or dedicated controllers) and how
 * many data directories each broker has ({@code log.dirs}; more than one is KRaft JBOD, Kafka 3.7+), and how every
 * listener is secured ({@code --security}).
 */
public record ClusterSpec(int nodes, KafkaDistribution distribution, Map<String, String> brokerSettings, int heapMb,
                          Duration startTimeout, QuorumSpec quorum, int logDirs, SecurityMode security) {
    public ClusterSpec {
        if (logDirs < 1) throw new IllegalArgumentException("a broker needs at least one log dir, not " + logDirs);
    }

    /** A plaintext cluster. */
    public ClusterSpec(int nodes, KafkaDistribution distribution, Map<String, String> brokerSettings, int heapMb,
                       Duration startTimeout, QuorumSpec quorum, int logDirs) {
        this(nodes, distribution, brokerSettings, heapMb, startTimeout, quorum, logDirs, SecurityMode.PLAINTEXT);
    }

    /** Brokers with one data directory each. */
    public ClusterSpec(int nodes, KafkaDistribution distribution, Map<String, String> brokerSettings, int heapMb,
                       Duration startTimeout, QuorumSpec quorum) {
        this(nodes, distribution, brokerSettings, heapMb, startTimeout, quorum, 1);
    }

    /** A combined-mode cluster (every node a broker and a voter, static voters). */
    public ClusterSpec(int nodes, KafkaDistribution distribution, Map<String, String> brokerSettings, int heapMb, Duration startTimeout) {
        this(nodes, distribution, brokerSettings, heapMb, startTimeout, QuorumSpec.COMBINED);
    }

    /** A dedicated controller's heap: {@link QuorumSpec#CONTROLLER_HEAP_MB}, never more than a broker's. */
    public int controllerHeapMb() {
        return Math.min(heapMb, QuorumSpec.CONTROLLER_HEAP_MB);
    }
}
