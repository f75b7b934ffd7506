package io.kchaos.harness.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Json;
import io.kchaos.checker.result.Verdict;
import io.kchaos.report.Availability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a finished run folder says, for comparing runs and filling a matrix: its configuration (run.json), verdict
 * and anomaly counts (results.json; UNKNOWN when the run was never judged) and its send figures (history.jsonl).
 */
public record RunSummary(Path dir, JsonNode run, Verdict verdict, Map<String, Long> anomalies, SendFigures sends,
                         double longestNoAckSeconds) {

    /**
     * Reads a run folder (or a link to one, like {@code store/latest}).
     *
     * @throws IllegalArgumentException (one line) when it is not a run folder
     */
    public static RunSummary load(Path folder) {
        Path dir;
        try {
            dir = folder.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("run folder not found: " + folder);
        }
        if (!Files.isRegularFile(dir.resolve("run.json")) && !Files.isRegularFile(dir.resolve("history.jsonl"))) {
            throw new IllegalArgumentException("not a run folder (no run.json, no history.jsonl): " + folder);
        }
        JsonNode run = read(dir.resolve("run.json"));
        JsonNode results = read(dir.resolve("results.json"));
        Verdict verdict = results.isMissingNode() ? Verdict.UNKNOWN
                : results.path("errors").size() > 0 ? Verdict.UNKNOWN
                : results.path("valid").asBoolean(false) ? Verdict.VALID : Verdict.INVALID;
        Map<String, Long> anomalies = new TreeMap<>();
        results.path("anomalies").properties().forEach(e -> anomalies.put(e.getKey(), e.getValue().path("count").asLong()));
        Path history = dir.resolve("history.jsonl");
        SendFigures sends = SendFigures.of(Files.isRegularFile(history) ? HistoryFile.open(history) : History.of(List.of()));
        double gap = Availability.of(results.path("stats")).longestNoAckSeconds();
        return new RunSummary(dir, run, verdict, anomalies, sends, gap);
    }

    private static JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) return MissingNode.getInstance();
        try {
            return Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage().replaceAll("\\s*\\R\\s*", " "));
        }
    }

    /** Count of one anomaly type (0 when absent). */
    public long anomalies(String type) {
        return anomalies.getOrDefault(type, 0L);
    }

    /** The Kafka release; for a run with a rolling upgrade the path, e.g. {@code 3.9.1 -> 4.1.1}. */
    public String kafkaVersion() {
        JsonNode u = run.path("upgrade");
        if (!u.isObject()) return run.path("kafka-version").asText("?");
        return u.path("from").asText("?") + " -> " + u.path("to").asText("?") + (u.has("downgrade-to") ? " -> " + u.path("downgrade-to").asText() : "");
    }

    /**
     * The settings the run used: broker settings, producer and consumer config ({@code producer.acks} style keys),
     * format-time features ({@code feature eligible.leader.replicas.version}), Kafka version, client and the run's shape.
     */
    public Map<String, String> settings() {
        Map<String, String> out = new TreeMap<>();
        run.path("broker-settings").properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        run.path("producer-config").properties().forEach(e -> out.put("producer." + e.getKey(), e.getValue().asText()));
        run.path("consumer-config").properties().forEach(e -> out.put("consumer." + e.getKey(), e.getValue().asText()));
        run.path("kafka-features").properties().forEach(e -> out.put("feature " + e.getKey(), e.getValue().asText()));
        out.put("kafka-version", kafkaVersion());
        out.put("client", io.kchaos.report.RunInfo.client(run));
        for (String k : new String[]{"scenario", "nemesis", "nodes", "partitions", "replication-factor", "rate", "time-limit-seconds"}) {
            JsonNode v = run.path(k);
            if (!v.isMissingNode() && !v.isNull()) out.put(k, v.isArray() ? String.join(",", toStrings(v)) : v.asText());
        }
        return out;
    }

    private static List<String> toStrings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(x -> out.add(x.asText()));
        return out;
    }
}
