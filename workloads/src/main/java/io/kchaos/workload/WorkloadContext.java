package io.kchaos.workload;

import io.kchaos.history.HistoryWriter;

import java.util.Map;
import java.util.function.Supplier;

/**
 * What a workload needs from the harness: where the cluster is, how to configure clients and the topic, and the
 * history to record into.
 *
 * @param bootstrapServers  supplies the current bootstrap list (host:port,...)
 * @param topic             topic name the workload owns
 * @param partitions        number of partitions
 * @param replicationFactor replication factor for the topic
 * @param topicConfig       topic-level settings (e.g. min.insync.replicas), applied at creation
 * @param producerConfig    user overrides for producers (applied last, over the workload's defaults)
 * @param consumerConfig    user overrides for consumers
 * @param producers         number of producer workers
 * @param consumers         number of consumer workers
 * @param ratePerSecond     target total send rate across producers
 * @param seed              seeds the workload's random choices
 * @param history           the run's history
 * @param options           workload-specific settings ({@code --workload-option KEY=VALUE}), e.g. {@code abort-rate}
 * @param client            the client library the plain producers and pollers use ({@code --client})
 * @param brokers           how many brokers the cluster spec has ({@code --nodes}; 0 when not known)
 * @param security          the cluster's client security settings, which every client the workload makes adds
 *                          ({@code security.protocol}, truststore, SASL login; empty for a plaintext cluster; secrets)
 */
public record WorkloadContext(Supplier<String> bootstrapServers,
                              String topic,
                              int partitions,
                              short replicationFactor,
                              Map<String, String> topicConfig,
                              Map<String, String> producerConfig,
                              Map<String, String> consumerConfig,
                              int producers,
                              int consumers,
                              double ratePerSecond,
                              long seed,
                              HistoryWriter history,
                              Map<String, String> options,
                              ClientKind client,
                              int brokers,
                              Map<String, String> security) {
    public WorkloadContext {
        security = Map.copyOf(security);
    }

    /** A plaintext cluster's context. */
    public WorkloadContext(Supplier<String> bootstrapServers, String topic, int partitions, short replicationFactor,
                           Map<String, String> topicConfig, Map<String, String> producerConfig, Map<String, String> consumerConfig,
                           int producers, int consumers, double ratePerSecond, long seed, HistoryWriter history,
                           Map<String, String> options, ClientKind client, int brokers) {
        this(bootstrapServers, topic, partitions, replicationFactor, topicConfig, producerConfig, consumerConfig, producers, consumers,
                ratePerSecond, seed, history, options, client, brokers, Map.of());
    }
}
