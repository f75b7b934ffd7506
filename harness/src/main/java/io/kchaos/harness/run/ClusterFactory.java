package io.kchaos.harness.run;

import io.kchaos.cluster.KafkaCluster;

import java.util.List;

/** Creates the (not yet started) cluster a run uses, its nodes' files under the run folder. */
@FunctionalInterface
public interface ClusterFactory {
    KafkaCluster create(RunConfig config, RunFolder folder);

    /**
     * Removes what an earlier crashed run of this backend left behind (broker processes, network namespaces and
     * rules, containers), before this run starts; returns one line per kind of leftover removed, for the run's output.
     */
    default List<String> sweepLeftovers() {
        return List.of();
    }
}
