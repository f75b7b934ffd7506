package io.kchaos.harness.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The fully resolved configuration of one run, as recorded in run.json: cluster, workload (name and options), nemesis
 * schedule, every broker/producer/consumer setting given (command line and scenario) and which of them the user gave,
 * and whether the clients go through the kchaos proxy even without a protocol fault ({@code --proxy}).
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
                        Map<String, String> workloadOptions,
                        SettingOrigins origins,
                        boolean proxy) {
}
