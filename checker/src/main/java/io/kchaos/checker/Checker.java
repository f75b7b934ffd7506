package io.kchaos.checker;

import io.kchaos.history.History;
import io.kchaos.checker.result.CheckResult;

/** Judges a history in one pass and reports anomalies with evidence (Jepsen's {@code Checker}). */
public interface Checker {
    /** Short name, used for report sections and JUnit test cases. */
    String name();

    CheckResult check(History history);
}
