package io.kchaos.harness.run;

import java.nio.file.Path;
import java.util.Map;

/**
 * The cluster part of a run's configuration: the brokers (count, Kafka installation, heap, network namespaces, the
 * broker settings given) and the topic the workload uses.
 *
 * @param kafkaHome  the Kafka installation given ({@code --kafka-home}), or null for a resolved release
 * @param namespaces whether each broker gets its own network namespace
 */
public record ClusterConfig(int nodes, Path kafkaHome, int heapMb, boolean namespaces, Map<String, String> brokerConfig,
                            String topic, int partitions, short replicationFactor) {
}
