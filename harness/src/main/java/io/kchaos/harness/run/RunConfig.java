package io.kchaos.harness.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The fully resolved configuration of one run, as recorded in run.json: cluster, workload (name and options), nemesis
 * schedule and every broker/producer/consumer setting the user gave.
 */
public record RunConfig(String name,
                        String command,
                        String scenario,
                        long seed,
                        int timeLimitSeconds,
                        List<String> nemesis,
                        List<String> partitionTargets,
                        double nemesisIntervalSeconds,
                        double faultDurationSeconds,
                        int nodes,
                        int partitions,
                        short replicationFactor,
                        double rate,
                        int producers,
                        int consumers,
                        Map<String, String> brokerConfig,
                        Map<String, String> producerConfig,
                        Map<String, String> consumerConfig,
                        Path store,
                        Path kafkaHome,
                        int heapMb,
                        String topic,
                        boolean namespaces,
                        String workload,
                        Map<String, String> workloadOptions) {

    /** A queue-workload run (the configuration before {@code --workload} existed). */
    public RunConfig(String name, String command, String scenario, long seed, int timeLimitSeconds, List<String> nemesis,
                     List<String> partitionTargets, double nemesisIntervalSeconds, double faultDurationSeconds, int nodes,
                     int partitions, short replicationFactor, double rate, int producers, int consumers,
                     Map<String, String> brokerConfig, Map<String, String> producerConfig,
                     Map<String, String> consumerConfig, Path store, Path kafkaHome, int heapMb, String topic,
                     boolean namespaces) {
        this(name, command, scenario, seed, timeLimitSeconds, nemesis, partitionTargets, nemesisIntervalSeconds,
                faultDurationSeconds, nodes, partitions, replicationFactor, rate, producers, consumers, brokerConfig,
                producerConfig, consumerConfig, store, kafkaHome, heapMb, topic, namespaces, "queue", Map.of());
    }
}
