package io.kchaos.harness.run;

import io.kchaos.cluster.QuorumSpec;

import java.nio.file.Path;
import java.util.Map;

/**
 * The cluster part of a run's configuration: the brokers (count, Kafka installation, heap, network namespaces, the
 * broker settings given), the metadata quorum (combined mode or dedicated controllers, static or dynamic) and the
 * topic the workload uses.
 *
 * @param kafkaHome  the Kafka installation given ({@code --kafka-home}), or null for a resolved release
 * @param namespaces whether each broker gets its own network namespace
 */
public record ClusterConfig(int nodes, Path kafkaHome, int heapMb, boolean namespaces, Map<String, String> brokerConfig,
                            String topic, int partitions, short replicationFactor, QuorumSpec quorum) {

    /** A combined-mode cluster. */
    public ClusterConfig(int nodes, Path kafkaHome, int heapMb, boolean namespaces, Map<String, String> brokerConfig,
                         String topic, int partitions, short replicationFactor) {
        this(nodes, kafkaHome, heapMb, namespaces, brokerConfig, topic, partitions, replicationFactor, QuorumSpec.COMBINED);
    }

    /** The number of dedicated controllers (0 in combined mode). */
    public int controllers() {
        return quorum.controllers();
    }
}
