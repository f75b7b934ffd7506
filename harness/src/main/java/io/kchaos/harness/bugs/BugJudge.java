package io.kchaos.harness.bugs;

import io.kchaos.checker.result.Verdict;
import io.kchaos.harness.compare.RunSummary;
import io.kchaos.harness.matrix.RunOutcome;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.history.folder.ResultsJson;
import io.kchaos.report.bugs.Exposure;

import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * Decides a bug's answer on a release. Before any run, from the ranges alone: not applicable outside them, and
 * inconclusive for an entry no run can decide. After the runs, only from their results: exposed when one reports an
 * anomaly the entry names; safe on a release the entry expects safe when every try was judged and none reported any
 * anomaly; inconclusive otherwise (a run not judged, the budget spent, the anomaly absent on an affected release, or
 * other anomalies only).
 */
public final class BugJudge {
    private BugJudge() {
    }

    /** The answer decided without a run, or empty when the bug must be run on this release. */
    public static Optional<BugVerdict> withoutRun(KnownBug bug, KafkaVersion v) {
        if (!bug.applies(v)) {
            String why = "not applicable: " + bug.rangesInWords() + (bug.cannotJudge() != null && bug.affectsOnlyUnrunnable() ? "; " + bug.cannotJudge() : "");
            return Optional.of(new BugVerdict(bug, v, Exposure.NOT_APPLICABLE, why, List.of(), null, 0));
        }
        if (bug.cannotJudge() != null) return Optional.of(new BugVerdict(bug, v, Exposure.INCONCLUSIVE, bug.cannotJudge(), List.of(), null, 0));
        return Optional.empty();
    }

    /** True when the run reports one of the bug's anomalies: stop trying. */
    public static boolean exposes(KnownBug bug, RunOutcome run) {
        return run.summary() != null && bug.anomalies().stream().anyMatch(a -> run.summary().anomalies(a) > 0);
    }

    /**
     * The answer from the runs.
     *
     * @param budgetSpent true when tries were left out because the time budget would have been exceeded
     */
    public static BugVerdict fromRuns(KnownBug bug, KafkaVersion v, List<RunOutcome> runs, boolean budgetSpent, double seconds) {
        String of = " of " + bug.tries();
        for (RunOutcome r : runs) {
            if (exposes(bug, r)) {
                StringJoiner found = new StringJoiner(", ");
                bug.anomalies().stream().filter(a -> r.summary().anomalies(a) > 0).forEach(a -> found.add(a + " " + r.summary().anomalies(a)));
                return new BugVerdict(bug, v, Exposure.EXPOSED, found + " in " + folder(r) + " (try " + r.repeat() + of + ")", runs, r, seconds);
            }
        }
        RunOutcome last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
        if (runs.isEmpty()) return inconclusive(bug, v, "no run was made", runs, null, seconds);
        List<RunOutcome> unjudged = runs.stream().filter(r -> r.verdict() == Verdict.UNKNOWN).toList();
        if (!unjudged.isEmpty()) {
            RunOutcome u = unjudged.get(0);
            return inconclusive(bug, v, unjudged.size() + " of " + runs.size() + " runs could not be judged (try " + u.repeat() + ": exit "
                    + u.exitCode() + ", " + (u.summary() == null ? "no run folder" : folder(u)) + ")", runs, u, seconds);
        }
        List<RunOutcome> idle = runs.stream().filter(RunOutcome::unexercised).toList();
        if (!idle.isEmpty()) {
            RunOutcome u = idle.get(0);
            return inconclusive(bug, v, idle.size() + " of " + runs.size() + " tries held no fault, so nothing was tested (try " + u.repeat()
                    + ": " + folder(u) + ")", runs, u, seconds);
        }
        List<RunOutcome> missed = runs.stream().filter(r -> r.verdict() == Verdict.VALID && hazardMissed(bug, r)).toList();
        if (!missed.isEmpty()) {
            RunOutcome u = missed.get(0);
            return inconclusive(bug, v, missed.size() + " of " + runs.size() + " valid tries never met the bug's conditions (stats."
                    + bug.hazard() + " 0), so nothing was tested (try " + u.repeat() + ": " + folder(u) + ")", runs, u, seconds);
        }
        String absent = String.join(", ", bug.anomalies()) + " absent in " + runs.size() + of + " tries";
        String budget = budgetSpent ? "; the budget of " + bug.budgetSeconds() + " s was spent before the remaining tries" : "";
        TreeSet<String> others = new TreeSet<>();
        runs.forEach(r -> r.summary().anomalies().forEach((k, n) -> {
            if (n > 0) others.add(k + " " + n);
        }));
        String otherText = others.isEmpty() ? "" : "; other anomalies only: " + String.join(", ", others);
        if (bug.expected(v) == Exposure.EXPOSED) {
            return inconclusive(bug, v, absent + " on an affected release" + otherText + budget + " (last: " + folder(last) + ")", runs, last, seconds);
        }
        if (!others.isEmpty() || budgetSpent) return inconclusive(bug, v, absent + otherText + budget, runs, last, seconds);
        return new BugVerdict(bug, v, Exposure.SAFE, "no anomaly in " + runs.size() + of + " tries (last: " + folder(last) + ")", runs, last, seconds);
    }

    /** True when the entry names a hazard and the run's results show it at 0 (or have no results to show it). */
    private static boolean hazardMissed(KnownBug bug, RunOutcome r) {
        return bug.hazard() != null && (r.summary() == null || bug.hazardCount(ResultsJson.read(r.summary().dir()).stats()) <= 0);
    }

    private static BugVerdict inconclusive(KnownBug bug, KafkaVersion v, String why, List<RunOutcome> runs, RunOutcome evidence, double seconds) {
        return new BugVerdict(bug, v, Exposure.INCONCLUSIVE, why, runs, evidence, seconds);
    }

    private static String folder(RunOutcome r) {
        RunSummary s = r.summary();
        return s == null ? "no run folder" : s.dir().getFileName().toString();
    }
}
