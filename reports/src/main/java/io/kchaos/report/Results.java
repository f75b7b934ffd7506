package io.kchaos.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.kchaos.history.Json;
import io.kchaos.checker.result.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The checker's results.json as the report needs it: a verdict (with the reason when it could not judge), the anomalies
 * with their examples, stats, warnings and errors. A missing or malformed file, or errors without anomalies, give
 * {@link Verdict#UNKNOWN}.
 */
public final class Results {
    /** One anomaly type: its full count (-1 when only named in anomaly-types) and the examples kept. */
    public record Anomaly(String type, long count, List<JsonNode> examples) {
    }

    private final Verdict verdict;
    private final String reason;
    private final Map<String, Anomaly> anomalies;
    private final JsonNode stats;
    private final List<String> warnings;
    private final List<String> errors;
    private final String problem;

    private Results(Verdict verdict, String reason, Map<String, Anomaly> anomalies, JsonNode stats,
                    List<String> warnings, List<String> errors, String problem) {
        this.problem = problem;
        this.verdict = verdict;
        this.reason = reason;
        this.anomalies = anomalies;
        this.stats = stats;
        this.warnings = warnings;
        this.errors = errors;
    }

    /** Results that could not be read at all. */
    public static Results unknown(String reason) {
        return new Results(Verdict.UNKNOWN, reason, new TreeMap<>(), MissingNode.getInstance(), List.of(), List.of(), reason);
    }

    public static Results read(Path file) {
        if (!Files.isRegularFile(file)) return unknown("results.json not found");
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            return unknown("results.json is unreadable: " + RunInfo.firstLine(e.getMessage()));
        }
        if (root == null || !root.isObject()) return unknown("results.json is not a JSON object");
        return of(root);
    }

    /** Interprets a parsed results.json object. */
    public static Results of(JsonNode root) {
        Map<String, Anomaly> anomalies = new TreeMap<>();
        JsonNode an = root.path("anomalies");
        Iterator<Map.Entry<String, JsonNode>> it = an.isObject() ? an.properties().iterator() : java.util.Collections.emptyIterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode body = e.getValue();
            List<JsonNode> examples = new ArrayList<>();
            body.path("examples").forEach(examples::add);
            long count = body.path("count").canConvertToLong() ? body.path("count").asLong() : examples.size();
            anomalies.put(e.getKey(), new Anomaly(e.getKey(), count, List.copyOf(examples)));
        }
        root.path("anomaly-types").forEach(t -> {
            if (t.isTextual()) anomalies.putIfAbsent(t.asText(), new Anomaly(t.asText(), -1, List.of()));
        });
        List<String> warnings = texts(root.path("warnings"));
        List<String> errors = texts(root.path("errors"));
        JsonNode valid = root.path("valid");
        Verdict verdict;
        String reason = null;
        if (!anomalies.isEmpty()) {
            verdict = Verdict.INVALID;
        } else if (!errors.isEmpty()) {
            verdict = Verdict.UNKNOWN;
            reason = errors.get(0) + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more errors)" : "");
        } else if (valid.isBoolean() && valid.asBoolean()) {
            verdict = Verdict.VALID;
        } else if (valid.isBoolean()) {
            verdict = Verdict.INVALID;
            reason = "results.json says invalid but names no anomaly";
        } else {
            verdict = Verdict.UNKNOWN;
            reason = "results.json has no verdict";
        }
        return new Results(verdict, reason, anomalies, root.path("stats"), warnings, errors, null);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.isTextual() ? n.asText() : n.toString()));
        return List.copyOf(out);
    }

    public Verdict verdict() {
        return verdict;
    }

    /** Why the verdict is unknown (or an oddity of an invalid one), else null. */
    public String reason() {
        return reason;
    }

    /** Anomalies by type, sorted by type. */
    public Map<String, Anomaly> anomalies() {
        return anomalies;
    }

    /** The stats object (a MissingNode when absent). */
    public JsonNode stats() {
        return stats;
    }

    public List<String> warnings() {
        return warnings;
    }

    public List<String> errors() {
        return errors;
    }

    /** Why results.json could not be read at all (missing, unreadable, not an object), or null when it was read. */
    public String problem() {
        return problem;
    }
}
