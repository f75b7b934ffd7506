package io.kchaos.harness.run;

import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.History;
import io.kchaos.checker.replica.ReplicaAudit;
import io.kchaos.checker.result.CheckResult;

import java.util.List;

/**
 * The judge of a run: the client-history checks of its workload ({@link WorkloadKind}), then the replica audit.
 */
public final class Judges {
    private Judges() {
    }

    /** The judge of a full run: history checks, then the replica audit of the cleanly stopped data directories. */
    public static Judge forRun(String workload) {
        return (history, folder, fin) -> {
            CheckResult r = WorkloadKind.of(workload).historyChecker().check(history);
            r.stats().put(ResultsFields.Stats.FAULTS_INJECTED, fin.faultsInjected());
            if (!fin.fullIsrBeforeDrain()) r.warn("the ISR was not full before the drain; replicas outside it may lag");
            r.merge(replicaAudit(history, fin));
            return r;
        };
    }

    /** The audit of the run's data directories against each other and against the history's acknowledged writes. */
    static CheckResult replicaAudit(History history, FinalState fin) {
        try {
            return ReplicaAudit.builder().logDirs(fin.logDirs().values()).topics(List.of(fin.topic()))
                    .finalIsr(fin.topic(), fin.finalIsr()).ackedWrites(history, fin.topic()).build().run();
        } catch (RuntimeException e) {
            CheckResult failed = new CheckResult();
            failed.error("replica audit failed: " + e.getMessage());
            return failed;
        }
    }
}
