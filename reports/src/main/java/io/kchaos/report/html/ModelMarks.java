package io.kchaos.report.html;

import io.kchaos.checker.result.ConsistencyModel;
import io.kchaos.checker.result.ConsistencyModels;
import io.kchaos.report.Results;

/**
 * How the report names the consistency model a result was judged under, and marks each anomaly found forbidden or
 * allowed under it (results.json {@code consistency-model} and each anomaly's {@code forbidden}).
 */
final class ModelMarks {
    private final String model;

    ModelMarks(Results results) {
        this.model = results.consistencyModel();
    }

    /** The sentence naming the model and what it promises; for an older results.json, that every anomaly counts as forbidden. */
    String line() {
        if (model == null) return "results.json names no consistency model (an older file): every anomaly counts as forbidden.";
        String promise = ConsistencyModels.lookup(model).map(ConsistencyModel::description).orElse("a model this kchaos does not know");
        return "Judged under the consistency model " + model + " (" + promise + "). Only an anomaly it forbids makes the run invalid.";
    }

    /** "forbidden by M" or "allowed by M" for the model judged under (plain "forbidden" when results.json names none). */
    String mark(Results.Anomaly a) {
        String verdict = a.forbidden() ? "forbidden" : "allowed";
        return model == null ? verdict : verdict + " by " + model;
    }
}
