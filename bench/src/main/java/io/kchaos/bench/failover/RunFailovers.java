package io.kchaos.bench.failover;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.ResultsFields.ControllerFailovers;
import io.kchaos.history.folder.ResultsJson;
import io.kchaos.history.folder.RunJson;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run folder's controller failovers as rows of the findings table: per fault kind, from results.json's
 * {@code stats.controller-failovers.by-fault}, with the run's Kafka version from run.json.
 */
final class RunFailovers {
    /** One fault kind of one run. */
    record Row(String run, String kafka, String fault, int faults, int failovers, JsonNode medianS, JsonNode maxS) {
    }

    private RunFailovers() {
    }

    /** The rows of the run folder {@code dir}, in fault-kind order; a folder without the figures is refused. */
    static List<Row> read(Path dir) {
        ResultsJson results = ResultsJson.read(dir);
        if (!results.isKchaosResults()) {
            throw new IllegalArgumentException(dir + ": no kchaos results.json" + (results.file().problem() == null ? "" : " (" + results.file().problem() + ")"));
        }
        JsonNode byFault = results.stats().path(ResultsFields.Stats.CONTROLLER_FAILOVERS).path(ControllerFailovers.BY_FAULT);
        if (!byFault.isObject()) {
            throw new IllegalArgumentException(dir + ": results.json has no stats." + ResultsFields.Stats.CONTROLLER_FAILOVERS
                    + " (a run without a controller timeline, or judged before kchaos measured failovers)");
        }
        String run = dir.toAbsolutePath().normalize().getFileName().toString();
        String kafka = RunJson.read(dir).kafkaVersion().orElse("?");
        List<Row> rows = new ArrayList<>();
        byFault.properties().forEach(e -> rows.add(new Row(run, kafka, e.getKey(), e.getValue().path(ControllerFailovers.INJECTED).asInt(),
                e.getValue().path(ControllerFailovers.COUNT).asInt(), e.getValue().path(ControllerFailovers.MEDIAN_S),
                e.getValue().path(ControllerFailovers.MAX_S))));
        return rows;
    }
}
