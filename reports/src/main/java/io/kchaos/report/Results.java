package io.kchaos.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.kchaos.history.folder.ResultsJson;
import io.kchaos.checker.result.Verdict;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The checker's results.json as the report needs it: a verdict (with the reason when it could not judge), the anomalies
 * with their examples, stats, warnings and errors. A missing or malformed file, or errors without anomalies, give
 * {@link Verdict#UNKNOWN}.
 */
public final class Results {
    /**
     * One anomaly type: its full count (-1 when only named in anomaly-types), the examples kept and its cases by fault
     * window (results.json {@code by-fault}; a MissingNode when absent).
     */
    public record Anomaly(String type, long count, List<JsonNode> examples, JsonNode byFault, List<JsonNode> knownCauses,
                          boolean forbidden) {
    }

    private final Verdict verdict;
    private final String reason;
    private final Map<String, Anomaly> anomalies;
    private final JsonNode stats;
    private final List<String> warnings;
    private final List<String> errors;
    private final String problem;
    private final String consistencyModel;

    private Results(Verdict verdict, String reason, Map<String, Anomaly> anomalies, JsonNode stats,
                    List<String> warnings, List<String> errors, String problem, String consistencyModel) {
        this.problem = problem;
        this.consistencyModel = consistencyModel;
        this.verdict = verdict;
        this.reason = reason;
        this.anomalies = anomalies;
        this.stats = stats;
        this.warnings = warnings;
        this.errors = errors;
    }

    /** Results that could not be read at all. */
    public static Results unknown(String reason) {
        return new Results(Verdict.UNKNOWN, reason, new TreeMap<>(), MissingNode.getInstance(), List.of(), List.of(), reason, null);
    }

    /** Interprets a read results.json: unknown when it could not be read. */
    public static Results of(ResultsJson json) {
        if (!json.file().isRead()) return unknown(json.file().problem());
        Map<String, Anomaly> anomalies = new TreeMap<>();
        json.anomalies().forEach((type, a) -> anomalies.put(type,
                new Anomaly(type, a.count() != null ? a.count() : a.examples().size(), a.examples(), a.byFault(), a.knownCauses(),
                        a.forbidden())));
        json.anomalyTypes().forEach(t -> anomalies.putIfAbsent(t, new Anomaly(t, -1, List.of(), MissingNode.getInstance(), List.of(), true)));
        List<String> errors = json.errors();
        Boolean valid = json.valid();
        Verdict verdict;
        String reason = null;
        if (anomalies.values().stream().anyMatch(Anomaly::forbidden)) {
            verdict = Verdict.INVALID;
        } else if (!errors.isEmpty()) {
            verdict = Verdict.UNKNOWN;
            reason = errors.get(0) + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more errors)" : "");
        } else if (Boolean.TRUE.equals(valid)) {
            verdict = Verdict.VALID;
        } else if (valid != null) {
            verdict = Verdict.INVALID;
            reason = "results.json says invalid but names no anomaly";
        } else {
            verdict = Verdict.UNKNOWN;
            reason = "results.json has no verdict";
        }
        return new Results(verdict, reason, anomalies, json.stats(), json.warnings(), errors, null, json.consistencyModel());
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

    /** The consistency model the anomalies were judged under, or null when results.json names none (older files: every anomaly forbidden). */
    public String consistencyModel() {
        return consistencyModel;
    }

    /** Why results.json could not be read at all (missing, unreadable, not an object), or null when it was read. */
    public String problem() {
        return problem;
    }
}
