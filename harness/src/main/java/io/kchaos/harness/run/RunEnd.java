package io.kchaos.harness.run;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFile;
import io.kchaos.report.write.RunReport;

import java.io.PrintStream;

/**
 * The end of a run, once its cluster is stopped: the history (and the replicas) judged, the verdict told how the run
 * stopped (interrupted, or unable to write), then results.json, the brokers' data pruned after a VALID run
 * ({@link EvidencePruning}, {@code --keep-data}), run.json's last fields and the report written.
 */
record RunEnd(Judge judge, RunFolder folder, KeepData keepData, PrintStream out) {
    /**
     * @param stoppedMoment when an early stop came ("after 23 s of 60"), null without one
     */
    CheckResult finish(FinalState finalState, RunStop stop, String stoppedMoment, RunRecord record) {
        out.println("checking " + folder.history());
        History history = HistoryFile.open(folder.history());
        CheckResult result = judge.judge(history, folder, finalState);
        if (stop.cause() == RunStop.Cause.INTERRUPTED) {
            result.interrupted(stop.reason());
            result.warn("the run was interrupted " + stop.reason() + ": faults healed, cluster stopped cleanly, no final drain;"
                    + " the verdict covers what was recorded");
        } else if (stop.cause() == RunStop.Cause.CANNOT_WRITE) {
            result.warn("the run stopped early " + stoppedMoment + " s of its time limit: " + stop.reason());
            if (!stop.reason().startsWith("0 of ")) result.error(stop.reason()); // the cluster's answer, beside the history's
        }
        result.writeTo(folder.results());
        EvidencePruning pruning = new EvidencePruning(keepData, folder);
        if (pruning.applies(result, stop.isStopped())) prune(pruning, finalState, history);
        record.finish();
        writeReport();
        return result;
    }

    /** Prunes a VALID run's broker data; a failure is a warning (the verdict stands, the files stay as they are). */
    private void prune(EvidencePruning pruning, FinalState finalState, History history) {
        try {
            if (pruning.prune(finalState, history)) {
                out.println("broker data pruned to replica digests after the VALID verdict (--keep-data all keeps it): " + folder.files().pruned());
            }
        } catch (RuntimeException e) {
            out.println("warning: the broker data was not pruned: " + e.getMessage());
        }
    }

    private void writeReport() {
        try {
            out.println("report: " + RunReport.write(folder.dir()).html());
        } catch (RuntimeException e) {
            out.println("warning: the report could not be written: " + e.getMessage());
        }
    }
}
