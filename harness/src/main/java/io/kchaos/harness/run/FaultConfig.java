package io.kchaos.harness.run;

import java.util.List;
import java.util.Map;

/**
 * The fault part of a run's configuration: the nemeses, what partitions target, the schedule's timing and the fault
 * settings given ({@code --nemesis-option}; a fault's defaults are its own).
 */
public record FaultConfig(List<String> nemesis, List<String> partitionTargets, double intervalSeconds, double durationSeconds,
                          Map<String, String> options) {
    public FaultConfig(List<String> nemesis, List<String> partitionTargets, double intervalSeconds, double durationSeconds) {
        this(nemesis, partitionTargets, intervalSeconds, durationSeconds, Map.of());
    }
}
