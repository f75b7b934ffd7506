package io.kchaos.cluster;

import java.nio.file.Path;
import java.util.Map;

/**
 * A cluster whose nodes can change Kafka release one at a time, as in a rolling upgrade: each node runs a jar set of
 * its own on its own data directory, and a stopped node starts again on the jar set it was switched to.
 */
public interface VersionedNodes {
    /** The jar set the node runs (or runs at its next start). */
    KafkaDistribution distribution(int node);

    /** Switches a stopped node to another release, its server.properties rewritten with {@code settings} (adapted to that release). */
    void switchDistribution(int node, KafkaDistribution distribution, Map<String, String> settings);

    /** The node's broker log, for a message that names it. */
    Path logFile(int node);
}
