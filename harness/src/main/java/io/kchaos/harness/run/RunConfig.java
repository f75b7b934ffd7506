package io.kchaos.harness.run;

import java.nio.file.Path;

/**
 * The fully resolved configuration of one run, as recorded in run.json: the run's identity (name, command, scenario,
 * seed, time limit, store), its cluster, workload, fault and client parts, and which settings the user gave. The
 * option table {@link RunOption} says which option, scenario key and run.json field each value comes from.
 */
public record RunConfig(String name, String command, String scenario, long seed, int timeLimitSeconds, Path store,
                        ClusterConfig cluster, WorkloadConfig load, FaultConfig faults, ClientConfig clients,
                        SettingOrigins origins) {
}
