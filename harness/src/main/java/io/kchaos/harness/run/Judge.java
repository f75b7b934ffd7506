package io.kchaos.harness.run;

import io.kchaos.history.History;
import io.kchaos.checker.result.CheckResult;

/** Turns a finished run (its history, folder and final cluster state) into one merged result. */
@FunctionalInterface
public interface Judge {
    CheckResult judge(History history, RunFolder folder, FinalState finalState);
}
