package io.kchaos.harness.run;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.ConsistencyModel;
import io.kchaos.checker.result.ConsistencyModels;
import io.kchaos.history.History;

/** Turns a finished run (its history, folder and final cluster state) into one merged result, judged under a consistency model. */
@FunctionalInterface
public interface Judge {
    CheckResult judge(History history, RunFolder folder, FinalState finalState);

    /** The consistency model the results are judged under (run.json records it at the start of the run). */
    default ConsistencyModel model() {
        return ConsistencyModels.DEFAULT;
    }

    /** This judge, its results judged under {@code model}. */
    default Judge under(ConsistencyModel model) {
        return new Under(this, model);
    }

    /** A judge whose results are judged under a given consistency model. */
    record Under(Judge judge, ConsistencyModel model) implements Judge {
        @Override
        public CheckResult judge(History history, RunFolder folder, FinalState finalState) {
            return judge.judge(history, folder, finalState).judgedUnder(model);
        }
    }
}
