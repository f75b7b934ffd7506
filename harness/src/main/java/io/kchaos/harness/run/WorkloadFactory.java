package io.kchaos.harness.run;

import io.kchaos.workload.Workload;

/** Creates the workload a run drives. */
@FunctionalInterface
public interface WorkloadFactory {
    Workload create(RunConfig config);
}
