package io.kchaos.harness.run;

import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.security.SecurityMode;

import java.nio.file.Path;
import java.util.Map;

/**
 * The cluster part of a run's configuration: the brokers (count, Kafka installation, heap, network namespaces, the
 * broker settings given), the metadata quorum (combined mode or dedicated controllers, static or dynamic) and the
 * topic the workload uses, how many data directories each broker has, and how its listeners are secured.
 *
 * @param kafkaHome  the Kafka installation given ({@code --kafka-home}), or null for a resolved release
 * @param namespaces whether each broker gets its own network namespace
 * @param logDirs    data directories per broker ({@code --log-dirs}; 1 unless the brokers run JBOD)
 * @param tiered     whether the topic has tiered storage ({@code --tiered}: {@link TieredTopic}, a bucket in the run folder)
 * @param security   how every listener is secured ({@code --security})
 * @param topicConfig the topic settings given ({@code --topic-config}), over a tiered run's ({@link RunConfig#topicConfig()})
 */
public record ClusterConfig(int nodes, Path kafkaHome, int heapMb, boolean namespaces, Map<String, String> brokerConfig,
                            String topic, int partitions, short replicationFactor, QuorumSpec quorum, int logDirs, boolean tiered,
                            SecurityMode security, Map<String, String> topicConfig) {
    /** With no topic settings of its own. */
    public ClusterConfig(int nodes, Path kafkaHome, int heapMb, boolean namespaces, Map<String, String> brokerConfig,
                         String topic, int partitions, short replicationFactor, QuorumSpec quorum, int logDirs, boolean tiered,
                         SecurityMode security) {
        this(nodes, kafkaHome, heapMb, namespaces, brokerConfig, topic, partitions, replicationFactor, quorum, logDirs, tiered, security,
                Map.of());
    }


    /** A plaintext cluster. */
    public ClusterConfig(int nodes, Path kafkaHome, int heapMb, boolean namespaces, Map<String, String> brokerConfig,
                         String topic, int partitions, short replicationFactor, QuorumSpec quorum, int logDirs, boolean tiered) {
        this(nodes, kafkaHome, heapMb, namespaces, brokerConfig, topic, partitions, replicationFactor, quorum, logDirs, tiered,
                SecurityMode.PLAINTEXT);
    }

    /** Without tiered storage. */
    public ClusterConfig(int nodes, Path kafkaHome, int heapMb, boolean namespaces, Map<String, String> brokerConfig,
                         String topic, int partitions, short replicationFactor, QuorumSpec quorum, int logDirs) {
        this(nodes, kafkaHome, heapMb, namespaces, brokerConfig, topic, partitions, replicationFactor, quorum, logDirs, false);
    }

    /** Brokers with one data directory each. */
    public ClusterConfig(int nodes, Path kafkaHome, int heapMb, boolean namespaces, Map<String, String> brokerConfig,
                         String topic, int partitions, short replicationFactor, QuorumSpec quorum) {
        this(nodes, kafkaHome, heapMb, namespaces, brokerConfig, topic, partitions, replicationFactor, quorum, 1);
    }

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
