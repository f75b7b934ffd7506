package io.kchaos.harness.run;

import io.kchaos.harness.cluster.KafkaCluster;

/** Creates the (not yet started) cluster a run uses, its nodes' files under the run folder. */
@FunctionalInterface
public interface ClusterFactory {
    KafkaCluster create(RunConfig config, RunFolder folder);
}
