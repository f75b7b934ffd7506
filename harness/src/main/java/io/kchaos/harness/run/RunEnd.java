package io.kchaos.harness.run;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.HistoryFile;
import io.kchaos.report.write.RunReport;

import java.io.PrintStream;

/**
 * The end of a run, once its cluster is stopped: the history (and the replicas) judged, the verdict told how the run
 * stopped (interrupted, or unable to write), then results.json, run.json's last fields and the report written.
 */
record RunEnd(Judge judge, RunFolder folder, PrintStream out) {
    /**
     * @param stoppedMoment when an early stop came ("after 23 s of 60"), null without one
     */
    CheckResult finish(FinalState finalState, RunStop stop, String stoppedMoment, RunRecord record) {
        out.println("checking " + folder.history());
        CheckResult result = judge.judge(HistoryFile.open(folder.history()), folder, finalState);
        if (stop.cause() == RunStop.Cause.INTERRUPTED) {
            result.interrupted(stop.reason());
            result.warn("the run was interrupted " + stop.reason() + ": faults healed, cluster stopped cleanly, no final drain;"
                    + " the verdict covers what was recorded");
        } else if (stop.cause() == RunStop.Cause.CANNOT_WRITE) {
            result.warn("the run stopped early " + stoppedMoment + " s of its time limit: " + stop.reason());
            if (!stop.reason().startsWith("0 of ")) result.error(stop.reason()); // the cluster's answer, beside the history's
        }
        result.writeTo(folder.results());
        record.finish();
        writeReport();
        return result;
    }

    private void writeReport() {
        try {
            out.println("report: " + RunReport.write(folder.dir()).html());
        } catch (RuntimeException e) {
            out.println("warning: the report could not be written: " + e.getMessage());
        }
    }
}
