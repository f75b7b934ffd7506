package io.kchaos.harness.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The fully resolved configuration of one run, as recorded in run.json: the run's identity (name, command, scenario,
 * seed, time limit, store), its cluster, workload, fault and client parts, and which settings the user gave. The flat
 * accessors below are shorthands for the parts' fields.
 */
public record RunConfig(String name, String command, String scenario, long seed, int timeLimitSeconds, Path store,
                        ClusterConfig cluster, WorkloadConfig load, FaultConfig faults, ClientConfig clients,
                        SettingOrigins origins) {

    public List<String> nemesis() {
        return faults.nemesis();
    }

    public List<String> partitionTargets() {
        return faults.partitionTargets();
    }

    public double nemesisIntervalSeconds() {
        return faults.intervalSeconds();
    }

    public double faultDurationSeconds() {
        return faults.durationSeconds();
    }

    public int nodes() {
        return cluster.nodes();
    }

    public int partitions() {
        return cluster.partitions();
    }

    public short replicationFactor() {
        return cluster.replicationFactor();
    }

    public Map<String, String> brokerConfig() {
        return cluster.brokerConfig();
    }

    public Path kafkaHome() {
        return cluster.kafkaHome();
    }

    public int heapMb() {
        return cluster.heapMb();
    }

    public String topic() {
        return cluster.topic();
    }

    public boolean namespaces() {
        return cluster.namespaces();
    }

    public String workload() {
        return load.name();
    }

    public Map<String, String> workloadOptions() {
        return load.options();
    }

    public double rate() {
        return load.rate();
    }

    public int producers() {
        return load.producers();
    }

    public int consumers() {
        return load.consumers();
    }

    public Map<String, String> producerConfig() {
        return clients.producerConfig();
    }

    public Map<String, String> consumerConfig() {
        return clients.consumerConfig();
    }

    public boolean proxy() {
        return clients.proxy();
    }
}
