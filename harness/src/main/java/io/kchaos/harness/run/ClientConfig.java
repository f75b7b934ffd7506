package io.kchaos.harness.run;

import java.util.Map;

/**
 * The client part of a run's configuration: the producer and consumer settings given, and whether the clients go
 * through the kchaos proxy even without a protocol fault ({@code --proxy}).
 */
public record ClientConfig(Map<String, String> producerConfig, Map<String, String> consumerConfig, boolean proxy) {
}
