package io.kchaos.checker;

import io.kchaos.history.History;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.checker.result.CheckResult;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Runs several checkers over one history and merges their results (Jepsen's {@code checker/compose}). A checker that
 * throws makes the verdict "could not judge" with its error, unless another found anomalies; a malformed history is
 * rethrown, since no checker can judge it. The checkers share one read of the history, each on its own thread.
 */
public final class ComposedChecker implements Checker {
    private final List<Checker> checkers;

    public ComposedChecker(List<Checker> checkers) {
        this.checkers = List.copyOf(checkers);
    }

    @Override
    public String name() {
        return "composed";
    }

    @Override
    public CheckResult check(History history) {
        List<CheckResult> results;
        try {
            results = checkers.size() == 1 ? List.of(guarded(checkers.get(0), history)) : inOnePass(history);
        } catch (HistoryFormatException e) {
            throw history.located(e);
        }
        CheckResult merged = new CheckResult();
        results.forEach(merged::merge);
        history.warnings().forEach(w -> {
            if (!merged.warnings().contains(w)) merged.warn(w);
        });
        if (history.endsTorn()) {
            merged.error("the history ends in a truncated line (its writer stopped mid-line, or mid-frame in a compressed history): "
                    + "that operation is unknown and may be the one that shows an anomaly, so the history cannot be judged valid");
        }
        return merged;
    }

    /** Every checker on its own thread over one shared read of the history ({@link SharedPass}). */
    private List<CheckResult> inOnePass(History history) {
        SharedPass pass = new SharedPass(history);
        List<FutureTask<CheckResult>> tasks = new ArrayList<>();
        for (Checker c : checkers) {
            History view = pass.view();
            FutureTask<CheckResult> task = new FutureTask<>(() -> guarded(c, view));
            Thread t = new Thread(task, "checker-" + c.name());
            t.setDaemon(true);
            t.start();
            tasks.add(task);
        }
        HistoryFormatException malformed = null;
        try {
            pass.run();
        } catch (HistoryFormatException e) {
            malformed = e;
        }
        List<CheckResult> results = new ArrayList<>();
        for (FutureTask<CheckResult> task : tasks) {
            try {
                results.add(task.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while judging the history");
            } catch (ExecutionException e) {
                if (e.getCause() instanceof HistoryFormatException f && malformed == null) malformed = f;
                else if (e.getCause() instanceof RuntimeException r) throw r;
                else throw new IllegalStateException(e.getCause());
            }
        }
        if (malformed != null) throw malformed;
        return results;
    }

    /** The checker's result; a checker that throws (other than on a malformed history) is "could not judge". */
    private static CheckResult guarded(Checker c, History history) {
        try {
            return c.check(history);
        } catch (HistoryFormatException e) {
            throw e;
        } catch (RuntimeException e) {
            CheckResult r = new CheckResult();
            r.error(c.name() + " checker failed: " + e);
            return r;
        }
    }
}
