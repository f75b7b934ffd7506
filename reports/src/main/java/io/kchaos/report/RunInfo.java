package io.kchaos.report;

import io.kchaos.history.folder.RunFields.Upgrade;
import io.kchaos.history.folder.RunFields.ReplayOf;
import io.kchaos.history.folder.RunFields;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.folder.RunJson;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/** The run's identity and configuration from run.json; every accessor answers "unknown" (or empty) when the field or the file is missing. */
public final class RunInfo {
    private final RunJson run;

    private RunInfo(RunJson run) {
        this.run = run;
    }

    /** A display view of a read run.json (an empty one, whose {@link #problem()} says why, when it could not be read). */
    public static RunInfo of(RunJson run) {
        return new RunInfo(run);
    }

    /** The run.json underneath. */
    public RunJson json() {
        return run;
    }

    /** Why run.json could not be used, or null. */
    public String problem() {
        return run.file().problem();
    }

    /** A field as display text: scalars as is, arrays joined with ", ", objects as JSON; "unknown" when missing or null. */
    public String text(String field) {
        JsonNode n = run.field(field);
        if (n.isMissingNode() || n.isNull()) return Format.UNKNOWN;
        if (n.isValueNode()) return Format.orUnknown(n.asText());
        if (n.isArray()) {
            StringBuilder b = new StringBuilder();
            n.forEach(e -> b.append(b.length() == 0 ? "" : ", ").append(e.isValueNode() ? e.asText() : e.toString()));
            return b.length() == 0 ? "(none)" : b.toString();
        }
        return n.toString();
    }

    public OptionalDouble number(String field) {
        JsonNode n = run.field(field);
        return n.isNumber() ? OptionalDouble.of(n.asDouble()) : OptionalDouble.empty();
    }

    /** A key/value section such as broker-config, sorted by key; empty when missing. */
    public Map<String, String> config(String field) {
        Map<String, String> out = new TreeMap<>();
        JsonNode n = run.field(field);
        if (!n.isObject()) return out;
        Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString());
        }
        return out;
    }

    /** One effective setting and where it came from ({@code user}, {@code scenario} or {@code kchaos}). */
    public record Setting(String value, String from) {
    }

    /**
     * The effective settings of {@code kind} ({@code broker}, {@code producer}, {@code consumer}) from run.json's
     * {@code effective-settings}, sorted by key; empty when the run.json predates them.
     */
    public Map<String, Setting> effectiveSettings(String kind) {
        Map<String, Setting> out = new TreeMap<>();
        JsonNode n = run.field(RunFields.EFFECTIVE_SETTINGS).path(kind);
        for (Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), new Setting(e.getValue().path(RunFields.Setting.VALUE).asText(),
                    e.getValue().path(RunFields.Setting.FROM).asText(Format.UNKNOWN)));
        }
        return out;
    }

    /** The run's display name: name, else scenario, else "run". */
    public String displayName() {
        for (String f : new String[] {RunFields.NAME, RunFields.SCENARIO}) {
            String s = text(f);
            if (!Format.UNKNOWN.equals(s)) return s;
        }
        return "run";
    }

    /** The workload and what it chose at start ({@code workload-choices}), e.g. {@code group (group-protocol=consumer)}. */
    public String workload() {
        StringBuilder b = new StringBuilder();
        run.field(RunFields.WORKLOAD_CHOICES).properties().forEach(e -> b.append(b.length() == 0 ? "" : ", ").append(e.getKey()).append('=')
                .append(e.getValue().asText()));
        return text(RunFields.WORKLOAD) + (b.length() == 0 ? "" : " (" + b + ")");
    }

    /** The Kafka release(s): {@code 3.9.1}, or for a run with a rolling upgrade {@code 3.9.1 → 4.1.1} (and {@code → 3.9.1} when it rolled back). */
    public String kafkaVersions() {
        return run.upgradePath(" → ").orElseGet(() -> text(RunFields.KAFKA_VERSION));
    }

    /**
     * The client the workload spoke through: {@code java 4.1.1}, {@code librdkafka 2.0.2 (confluent-kafka-python 1.7.0)};
     * {@code java} for a run.json from before clients were recorded.
     */
    public String client() {
        return run.client();
    }

    /**
     * For a replay ({@code run --replay-faults}), what it replayed: "replay of the faults [1, 2] (of 2) of
     * leader-kill-acks1 (store/2026...-leader-kill-acks1)"; null for other runs.
     */
    public String replayOf() {
        JsonNode r = run.field(RunFields.REPLAY_OF);
        if (!r.isObject()) return null;
        return "replay of the faults " + r.path(ReplayOf.KEPT).toString().replace(",", ", ") + " (of " + r.path(ReplayOf.FAULTS).asInt()
                + ") of "
                + r.path(ReplayOf.NAME).asText("?") + " (" + r.path(ReplayOf.RUN).asText("?") + ")";
    }

    /** Rows describing a rolling upgrade (path, status, feature levels, each node's releases over time); empty for other runs. */
    public Map<String, String> upgrade() {
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode u = run.field(RunFields.UPGRADE);
        if (!u.isObject()) return out;
        out.put("path", kafkaVersions() + (u.path(Upgrade.FINALIZE).asBoolean() ? ", then features finalized" : ", never finalized"));
        out.put("status", u.path(Upgrade.STATUS).asText(Format.UNKNOWN));
        for (String k : new String[] {Upgrade.FEATURES_BEFORE, Upgrade.FEATURES_FINALIZED, Upgrade.FEATURES_AFTER}) {
            if (u.has(k)) out.put(k, u.path(k).toString());
        }
        u.path(Upgrade.NODE_RESTARTS).forEach(r -> out.put("node " + r.path(Upgrade.NODE).asText() + " restart",
                r.path(Upgrade.FROM).asText() + " → " + r.path(Upgrade.TO).asText() + ": stopped at " + r.path(Upgrade.STOPPED_S).asText()
                        + " s, started at " + r.path(Upgrade.STARTED_S).asText() + " s, in every ISR at " + r.path(Upgrade.IN_EVERY_ISR_S).asText()
                        + " s"));
        for (Map.Entry<String, JsonNode> e : u.path(Upgrade.NODE_VERSIONS).properties()) {
            StringBuilder b = new StringBuilder();
            e.getValue().forEach(v -> b.append(b.length() == 0 ? "" : " → ").append(v.path(Upgrade.VERSION).asText()).append(" (from ")
                    .append(v.path(Upgrade.SINCE_S).asText()).append(" s)"));
            out.put("node " + e.getKey() + " versions", b.toString());
        }
        return out;
    }
}
