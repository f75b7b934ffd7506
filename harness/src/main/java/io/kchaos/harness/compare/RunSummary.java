package io.kchaos.harness.compare;

import io.kchaos.history.folder.RunFields;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.folder.FolderJson;
import io.kchaos.history.folder.ResultsJson;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.RunJson;
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
 *
 * @param faultsInjected results' {@code stats.faults-injected}: the faults the run's nemesis held, -1 when not recorded
 */
public record RunSummary(Path dir, RunJson run, Verdict verdict, Map<String, Long> anomalies, SendFigures sends,
                         double longestNoAckSeconds, long faultsInjected) {

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
        RunFiles files = new RunFiles(dir);
        if (!Files.isRegularFile(files.runJson()) && !Files.isRegularFile(files.history())) {
            throw new IllegalArgumentException("not a run folder (no run.json, no history.jsonl): " + folder);
        }
        RunJson run = RunJson.read(dir);
        readable(run.file());
        ResultsJson results = ResultsJson.read(dir);
        readable(results.file());
        Verdict verdict = !results.file().isRead() ? Verdict.UNKNOWN
                : !results.errors().isEmpty() ? Verdict.UNKNOWN
                : Boolean.TRUE.equals(results.valid()) ? Verdict.VALID : Verdict.INVALID;
        Map<String, Long> anomalies = new TreeMap<>();
        results.anomalies().forEach((type, a) -> anomalies.put(type, a.count() == null ? 0 : a.count()));
        Path history = files.history();
        SendFigures sends = SendFigures.of(Files.isRegularFile(history) ? HistoryFile.open(history) : History.of(List.of()));
        double gap = Availability.of(results.stats()).longestNoAckSeconds();
        long faults = results.stats().path(ResultsFields.Stats.FAULTS_INJECTED).asLong(-1);
        return new RunSummary(dir, run, verdict, anomalies, sends, gap, faults);
    }

    /** Throws a one-line IllegalArgumentException for a file that exists but does not parse. */
    private static void readable(FolderJson file) {
        if (file.status() == FolderJson.Status.UNREADABLE) {
            throw new IllegalArgumentException("cannot read " + file.path() + ": " + String.valueOf(file.detail()).replaceAll("\\s*\\R\\s*", " "));
        }
    }

    /**
     * False for a run that was given a nemesis and none of whose faults held (results say {@code faults-injected: 0}): it
     * tested nothing it was asked to, so its VALID is no evidence. True without a nemesis, or when the count was not
     * recorded (older folders).
     */
    public boolean faultsHeld() {
        JsonNode nemesis = run.field(RunFields.NEMESIS);
        boolean asked = nemesis.isArray() && nemesis.size() > 0 && !(nemesis.size() == 1 && "none".equals(nemesis.get(0).asText()));
        return !asked || faultsInjected != 0;
    }

    /** Count of one anomaly type (0 when absent). */
    public long anomalies(String type) {
        return anomalies.getOrDefault(type, 0L);
    }

    /** The Kafka release; for a run with a rolling upgrade the path, e.g. {@code 3.9.1 -> 4.1.1}. */
    public String kafkaVersion() {
        return run.upgradePath(" -> ").orElseGet(() -> run.kafkaVersion().orElse("?"));
    }

    /**
     * The settings the run used: broker settings, producer and consumer config ({@code producer.acks} style keys),
     * format-time features ({@code feature eligible.leader.replicas.version}), Kafka version, client and the run's shape.
     */
    public Map<String, String> settings() {
        Map<String, String> out = new TreeMap<>();
        run.field(RunFields.BROKER_SETTINGS).properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        run.field(RunFields.PRODUCER_CONFIG).properties().forEach(e -> out.put("producer." + e.getKey(), e.getValue().asText()));
        run.field(RunFields.CONSUMER_CONFIG).properties().forEach(e -> out.put("consumer." + e.getKey(), e.getValue().asText()));
        run.field(RunFields.KAFKA_FEATURES).properties().forEach(e -> out.put("feature " + e.getKey(), e.getValue().asText()));
        out.put(RunFields.KAFKA_VERSION, kafkaVersion());
        out.put(RunFields.CLIENT, run.client());
        for (String k : new String[]{RunFields.SCENARIO, RunFields.NEMESIS, RunFields.NODES, RunFields.PARTITIONS, RunFields.REPLICATION_FACTOR,
                RunFields.RATE, RunFields.TIME_LIMIT_SECONDS}) {
            JsonNode v = run.field(k);
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
