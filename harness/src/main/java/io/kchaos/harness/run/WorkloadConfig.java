package io.kchaos.harness.run;

import java.util.Map;

/** The workload part of a run's configuration: which workload, its options, and the load it drives. */
public record WorkloadConfig(String name, Map<String, String> options, double rate, int producers, int consumers) {
}
