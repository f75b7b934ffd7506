package io.kchaos.cluster;

import java.time.Duration;
import java.util.Map;

/**
 * What cluster to start: node count, broker jar set, resolved broker settings (kchaos defaults + user overrides),
 * broker heap and how long to wait for readiness.
 */
public record ClusterSpec(int nodes, KafkaDistribution distribution, Map<String, String> brokerSettings, int heapMb,
                          Duration startTimeout) {
}
