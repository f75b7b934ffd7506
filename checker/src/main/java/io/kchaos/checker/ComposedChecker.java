package io.kchaos.checker;

import io.kchaos.history.History;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.checker.result.CheckResult;

import java.util.List;

/**
 * Runs several checkers over one history and merges their results (Jepsen's {@code checker/compose}). A checker that
 * throws makes the verdict "could not judge" with its error, unless another found anomalies; a malformed history is
 * rethrown, since no checker can judge it.
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
        CheckResult merged = new CheckResult();
        for (Checker c : checkers) {
            try {
                merged.merge(c.check(history));
            } catch (HistoryFormatException e) {
                throw e;
            } catch (RuntimeException e) {
                merged.error(c.name() + " checker failed: " + e);
            }
        }
        history.warnings().forEach(w -> {
            if (!merged.warnings().contains(w)) merged.warn(w);
        });
        return merged;
    }
}
