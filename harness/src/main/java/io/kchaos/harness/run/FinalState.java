package io.kchaos.harness.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The cluster as the run left it: the workload topic, each partition's final ISR read before the clean stop (for the
 * replica audit), whether the ISR was full before the drain, the workload's counters, how many faults were injected,
 * and each node's data directory as left after the stop.
 */
public record FinalState(String topic, Map<Integer, List<Integer>> finalIsr, boolean fullIsrBeforeDrain, String workloadStats,
                         int faultsInjected, Map<Integer, Path> logDirs) {
}
