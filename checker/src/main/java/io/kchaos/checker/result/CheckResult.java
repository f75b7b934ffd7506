package io.kchaos.checker.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultSpan;
import io.kchaos.history.FormatVersion;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The outcome of judging a history (and replicas): anomalies by type with evidence, statistics and warnings. Written as
 * results.json in the shape of docs/format.md: {@code valid} is true when something was judged and no anomaly the
 * consistency model forbids was found, false when one was, and {@code "unknown"} (with a {@code reason}) when nothing
 * could be judged. Anomalies the model allows are listed all the same, marked so.
 */
public final class CheckResult {
    private final Map<String, AnomalyCases> anomalies = new TreeMap<>();
    private final ObjectNode stats = Json.object();
    private final List<String> warnings = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private String interrupted;
    private List<FaultSpan> faultWindows;
    private ConsistencyModel model = ConsistencyModels.DEFAULT;

    /** Judges the anomalies found (before or after this call) under model; returns this result. */
    public CheckResult judgedUnder(ConsistencyModel model) {
        this.model = model;
        return this;
    }

    public ConsistencyModel model() {
        return model;
    }

    /** Whether the model forbids anomalies of this type. */
    public boolean forbidden(String type) {
        return model.forbidden(type);
    }

    private boolean anyForbidden() {
        return anomalies.keySet().stream().anyMatch(this::forbidden);
    }

    /**
     * The history's fault windows: from now on, each case whose example carries a {@code time} is also counted by the
     * window it fell in ({@link FaultTally}; results.json {@code by-fault}). Call before judging.
     */
    public void tallyByFault(List<FaultSpan> windows) {
        this.faultWindows = windows.isEmpty() ? null : List.copyOf(windows);
    }

    /** Records one case of an anomaly. */
    public void anomaly(String type, ObjectNode example) {
        AnomalyCases cases = anomalies.computeIfAbsent(type, t -> new AnomalyCases());
        cases.add(example);
        JsonNode time = example.path("time");
        if (faultWindows != null && time.canConvertToLong()) cases.tally(time.asLong(), faultWindows);
    }

    /** Names a known cause beside the cases of {@code type} (which must have been recorded); the verdict does not change. */
    public void explain(String type, ObjectNode cause) {
        AnomalyCases cases = anomalies.get(type);
        if (cases == null) throw new IllegalArgumentException("no " + type + " case to explain");
        cases.knownCause(cause);
    }

    public void warn(String warning) {
        warnings.add(warning);
    }

    /** A checker that could not judge: the verdict becomes unknown unless anomalies were found. */
    public void error(String error) {
        errors.add(error);
    }

    /** Marks a result judged from a run that was cut short ({@code how}: e.g. "by SIGINT after 23 s of 60"); said in results.json. */
    public void interrupted(String how) {
        interrupted = how;
    }

    /** How the run was cut short, or null when it ran to its end. */
    public String interrupted() {
        return interrupted;
    }

    /** Why the verdict is unknown (the errors, in one line), or null when it is not. */
    public String reason() {
        return verdict() == Verdict.UNKNOWN ? String.join("; ", errors) : null;
    }

    /** Statistics; checkers add their own sections (e.g. {@code send}, {@code replicas}). */
    public ObjectNode stats() {
        return stats;
    }

    public Map<String, AnomalyCases> anomalies() {
        return anomalies;
    }

    public List<String> anomalyTypes() {
        return List.copyOf(anomalies.keySet());
    }

    public List<String> warnings() {
        return warnings;
    }

    public List<String> errors() {
        return errors;
    }

    /** No anomaly the model forbids (allowed ones may have been found). */
    public boolean valid() {
        return !anyForbidden();
    }

    public Verdict verdict() {
        if (anyForbidden()) return Verdict.INVALID;
        return errors.isEmpty() ? Verdict.VALID : Verdict.UNKNOWN;
    }

    public long count(String anomalyType) {
        AnomalyCases c = anomalies.get(anomalyType);
        return c == null ? 0 : c.count();
    }

    /** Folds another checker's result into this one (anomalies, stats sections, warnings, errors). */
    public CheckResult merge(CheckResult other) {
        other.anomalies.forEach((type, cases) -> anomalies.computeIfAbsent(type, t -> new AnomalyCases()).merge(cases));
        Iterator<Map.Entry<String, JsonNode>> it = other.stats.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            stats.set(e.getKey(), e.getValue());
        }
        warnings.addAll(other.warnings);
        errors.addAll(other.errors);
        if (interrupted == null) interrupted = other.interrupted;
        return this;
    }

    public ObjectNode toJson() {
        ObjectNode root = Json.object();
        root.put(ResultsFields.FORMAT, FormatVersion.CURRENT);
        if (verdict() == Verdict.UNKNOWN) {
            root.put(ResultsFields.VALID, ResultsFields.UNKNOWN);
            root.put(ResultsFields.REASON, reason());
        } else {
            root.put(ResultsFields.VALID, valid());
        }
        if (interrupted != null) root.put(ResultsFields.INTERRUPTED, interrupted);
        root.put(ResultsFields.CONSISTENCY_MODEL, model.name());
        ArrayNode types = root.putArray(ResultsFields.ANOMALY_TYPES);
        anomalies.keySet().forEach(types::add);
        ObjectNode an = root.putObject(ResultsFields.ANOMALIES);
        anomalies.forEach((type, cases) -> {
            ObjectNode o = an.putObject(type);
            o.put(ResultsFields.Anomaly.COUNT, cases.count());
            o.put(ResultsFields.Anomaly.FORBIDDEN, forbidden(type));
            ArrayNode ex = o.putArray(ResultsFields.Anomaly.EXAMPLES);
            cases.examples().forEach(ex::add);
            if (cases.byFault() != null) o.set(ResultsFields.Anomaly.BY_FAULT, cases.byFault().toJson());
            if (!cases.knownCauses().isEmpty()) cases.knownCauses().forEach(o.putArray(ResultsFields.Anomaly.KNOWN_CAUSES)::add);
        });
        root.set(ResultsFields.STATS, stats);
        ArrayNode w = root.putArray(ResultsFields.WARNINGS);
        warnings.forEach(w::add);
        if (!errors.isEmpty()) {
            ArrayNode e = root.putArray(ResultsFields.ERRORS);
            errors.forEach(e::add);
        }
        return root;
    }

    public void writeTo(Path file) {
        try {
            Json.PRETTY.writeValue(file.toFile(), toJson());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
