package io.kchaos.harness.run;

import io.kchaos.history.HistoryFormat;
import io.kchaos.history.HistoryWriter;
import io.kchaos.workload.WorkloadContext;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The one plan of a run: its identity (name, command, scenario, seed, time limit, store), its cluster, workload, fault
 * and client settings, how its history is stored ({@code --history-format}), which settings the user gave, and what was resolved from them before the start ({@link RunSetup}:
 * the brokers' release, the client library, an upgrade, a replay), and what it keeps of the brokers' data ({@link KeepData}). The option table {@link RunOption} says which
 * option, scenario key and run.json field each setting comes from.
 */
public record RunConfig(String name, String command, String scenario, long seed, int timeLimitSeconds, Path store,
                        ClusterConfig cluster, WorkloadConfig load, FaultConfig faults, ClientConfig clients,
                        HistoryFormat historyFormat, SettingOrigins origins, RunSetup setup, KeepData keepData) {
    /** The settings alone, nothing resolved yet ({@link RunSetup#NONE}), every broker file kept ({@link KeepData#ALL}). */
    public RunConfig(String name, String command, String scenario, long seed, int timeLimitSeconds, Path store,
                     ClusterConfig cluster, WorkloadConfig load, FaultConfig faults, ClientConfig clients, HistoryFormat historyFormat,
                     SettingOrigins origins) {
        this(name, command, scenario, seed, timeLimitSeconds, store, cluster, load, faults, clients, historyFormat, origins, RunSetup.NONE,
                KeepData.ALL);
    }

    /** The same plan with {@code resolved} as what was resolved before the start. */
    public RunConfig withSetup(RunSetup resolved) {
        return new RunConfig(name, command, scenario, seed, timeLimitSeconds, store, cluster, load, faults, clients, historyFormat, origins,
                resolved, keepData);
    }

    /** The same plan keeping {@code keep} of the brokers' data once judged ({@code --keep-data}). */
    public RunConfig withKeepData(KeepData keep) {
        return new RunConfig(name, command, scenario, seed, timeLimitSeconds, store, cluster, load, faults, clients, historyFormat, origins,
                setup, keep);
    }

    /**
     * The topic-level settings the workload's topics are created with: a tiered run's ({@link TieredTopic}), then the
     * ones given ({@code --topic-config}), which win; where none is set the brokers' settings apply.
     */
    public Map<String, String> topicConfig() {
        Map<String, String> c = new java.util.LinkedHashMap<>(cluster.tiered() ? TieredTopic.CONFIG : Map.of());
        c.putAll(cluster.topicConfig());
        return java.util.Collections.unmodifiableMap(c);
    }

    /**
     * What the workload is given: the cluster's current bootstrap list, the history to record into, and this plan's
     * topic, topic configs, client settings, load, seed, workload options, client library and broker count.
     */
    public WorkloadContext workloadContext(Supplier<String> bootstrapServers, HistoryWriter history) {
        return workloadContext(bootstrapServers, Map.of(), history);
    }

    /** {@link #workloadContext(Supplier, HistoryWriter)} for a cluster whose clients need {@code security} (its {@code clientSecurity()}). */
    public WorkloadContext workloadContext(Supplier<String> bootstrapServers, Map<String, String> security, HistoryWriter history) {
        return new WorkloadContext(bootstrapServers, cluster.topic(), cluster.partitions(), cluster.replicationFactor(), topicConfig(),
                clients.producerConfig(), clients.consumerConfig(), load.producers(), load.consumers(), load.rate(), seed, history,
                load.options(), setup.client(), cluster.nodes(), security);
    }
}
