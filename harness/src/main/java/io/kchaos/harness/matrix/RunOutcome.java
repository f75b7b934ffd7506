package io.kchaos.harness.matrix;

import io.kchaos.checker.result.Verdict;
import io.kchaos.harness.compare.RunSummary;

/**
 * One repeat of a cell: the run's exit code and, when it left a run folder, its summary.
 *
 * @param repeat   1-based repeat number
 * @param exitCode the run's exit code (0 valid, 1 anomalies, 2 could not judge)
 * @param summary  the run folder's summary, or null when the run left none
 */
public record RunOutcome(int repeat, int exitCode, RunSummary summary) {

    /** The run's verdict: the folder's results when judged, else UNKNOWN. */
    public Verdict verdict() {
        return summary == null ? Verdict.UNKNOWN : summary.verdict();
    }

    /** A VALID run whose nemesis never held a fault ({@link RunSummary#faultsHeld()}): it tested nothing it was asked to. */
    public boolean unexercised() {
        return summary != null && summary.verdict() == Verdict.VALID && !summary.faultsHeld();
    }
}
