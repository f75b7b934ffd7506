package io.kchaos.harness.run;

import java.util.List;
import java.util.Map;

/**
 * The cluster as the run left it, before the clean stop: each partition's final ISR (for the replica audit), whether
 * the ISR was full before the drain, the workload's counters and how many faults were injected.
 */
public record FinalState(Map<Integer, List<Integer>> finalIsr, boolean fullIsrBeforeDrain, String workloadStats, int faultsInjected) {
}
