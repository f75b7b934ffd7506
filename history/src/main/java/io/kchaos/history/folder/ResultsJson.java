package io.kchaos.history.folder;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A checker's results.json as read, typed: the verdict flag, the anomalies with their counts and examples, the stats,
 * warnings and errors. Missing fields read as absent (null, empty), so older files read as they are.
 *
 * @param valid        the {@code valid} flag, null when absent or not a boolean
 * @param anomalies    the {@code anomalies} object by type, in file order
 * @param anomalyTypes the textual entries of {@code anomaly-types}
 * @param stats        the {@code stats} object (a MissingNode when absent)
 * @param consistencyModel the {@code consistency-model} the anomalies were judged under, null when absent (older files)
 */
public record ResultsJson(FolderJson file, Boolean valid, Map<String, Anomaly> anomalies, List<String> anomalyTypes,
                          JsonNode stats, List<String> warnings, List<String> errors, String consistencyModel) {

    /**
     * One anomaly type's entry: its {@code count} (null when absent or not an integer), the examples kept and its
     * {@code by-fault} tally (a MissingNode when absent), and whether the consistency model forbids it (true when
     * absent, as in older files).
     */
    public record Anomaly(Long count, List<JsonNode> examples, JsonNode byFault, List<JsonNode> knownCauses, boolean forbidden) {
    }

    /** Reads the results.json of the run folder {@code dir}; never throws (see {@link FolderJson#problem()}). */
    public static ResultsJson read(Path dir) {
        return readFile(new RunFiles(dir).results());
    }

    /** Reads a results.json under any name (e.g. a {@code check --out} file). */
    public static ResultsJson readFile(Path file) {
        FolderJson f = FolderJson.read(file);
        JsonNode root = f.root();
        Map<String, Anomaly> anomalies = new LinkedHashMap<>();
        JsonNode an = root.path(ResultsFields.ANOMALIES);
        if (an.isObject()) {
            an.properties().forEach(e -> {
                List<JsonNode> examples = new ArrayList<>();
                e.getValue().path(ResultsFields.Anomaly.EXAMPLES).forEach(examples::add);
                JsonNode count = e.getValue().path(ResultsFields.Anomaly.COUNT);
                List<JsonNode> causes = new ArrayList<>();
                e.getValue().path(ResultsFields.Anomaly.KNOWN_CAUSES).forEach(causes::add);
                anomalies.put(e.getKey(), new Anomaly(count.canConvertToLong() ? count.asLong() : null, List.copyOf(examples),
                        e.getValue().path(ResultsFields.Anomaly.BY_FAULT), List.copyOf(causes),
                        e.getValue().path(ResultsFields.Anomaly.FORBIDDEN).asBoolean(true)));
            });
        }
        List<String> types = new ArrayList<>();
        root.path(ResultsFields.ANOMALY_TYPES).forEach(t -> {
            if (t.isTextual()) types.add(t.asText());
        });
        JsonNode valid = root.path(ResultsFields.VALID);
        return new ResultsJson(f, valid.isBoolean() ? valid.asBoolean() : null, anomalies, List.copyOf(types), root.path(ResultsFields.STATS),
                texts(root.path(ResultsFields.WARNINGS)), texts(root.path(ResultsFields.ERRORS)),
                root.path(ResultsFields.CONSISTENCY_MODEL).isTextual() ? root.path(ResultsFields.CONSISTENCY_MODEL).asText() : null);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.isTextual() ? n.asText() : n.toString()));
        return List.copyOf(out);
    }

    /** Whether the file is a kchaos results.json (an object with {@code valid} and {@code anomaly-types}). */
    public boolean isKchaosResults() {
        return file.isRead() && file.root().has(ResultsFields.VALID) && file.root().has(ResultsFields.ANOMALY_TYPES);
    }
}
