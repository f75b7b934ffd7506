package io.kchaos.harness.run;

import java.util.List;

/** The fault part of a run's configuration: the nemeses, what partitions target, and the schedule's timing. */
public record FaultConfig(List<String> nemesis, List<String> partitionTargets, double intervalSeconds, double durationSeconds) {
}
