package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.testkit.NodeLogTails;
import io.kchaos.testkit.ShortBrokerSession;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Test helper: counts what a finished run folder's history and results hold. */
final class RunHistories {
    final Map<String, Integer> counts = new HashMap<>();
    /** Every nemesis completion, in history order. */
    final List<Op> nemesisCompletions = new ArrayList<>();
    final JsonNode results;
    final Path dir;

    RunHistories(Path store) throws IOException {
        this.dir = store.resolve("latest").toRealPath();
        Path failure = new io.kchaos.history.folder.RunFiles(dir).failure();
        if (Files.exists(failure)) throw new AssertionError("the run ended without a verdict: " + Files.readString(failure).strip()
                + NodeLogTails.of(dir.resolve("nodes"), 8));
        HistoryFile.open(dir.resolve("history.jsonl")).forEach(this::count);
        this.results = Json.MAPPER.readTree(Files.readString(dir.resolve("results.json")));
    }

    private void count(Op op) {
        String key = (op.isNemesis() ? "nemesis:" : "") + op.f() + ":" + op.type().wire();
        counts.merge(key, 1, Integer::sum);
        if (op.isNemesis() && !op.isInvoke()) nemesisCompletions.add(op);
    }

    int count(String f, OpType type) {
        return counts.getOrDefault(f + ":" + type.wire(), 0);
    }

    /**
     * How many nemesis ops {@code f} completed {@code ok}: the nemesis saw their effect hold (an {@code info}
     * completion is one whose effect was not seen, or that failed).
     */
    int nemesis(String f) {
        return counts.getOrDefault("nemesis:" + f + ":" + OpType.OK.wire(), 0);
    }

    /** The completions of nemesis ops {@code fs} that are not {@code ok}, for an assertion that there are none. */
    List<Op> nemesisNotOk(String... fs) {
        List<String> names = List.of(fs);
        return nemesisCompletions.stream().filter(o -> names.contains(o.f()) && !o.isOk()).toList();
    }

    /**
     * {@code stats.availability.faults} entries that break the contract of a fault's {@code ok}: not {@code held},
     * or measured from before the fault's invocation ({@code time-s}, the instant it held, must not precede
     * {@code invoked-s}).
     */
    List<JsonNode> availabilityFaultsNotHeld() {
        List<JsonNode> bad = new ArrayList<>();
        for (JsonNode f : results.path("stats").path("availability").path("faults")) {
            if (!f.path("held").asBoolean(false) || !(f.path("time-s").asDouble(-1) >= f.path("invoked-s").asDouble(Double.MAX_VALUE))) bad.add(f);
        }
        return bad;
    }

    JsonNode runJson() throws IOException {
        return Json.MAPPER.readTree(Files.readString(dir.resolve("run.json")));
    }

    /** The anomaly types the results report, in their order. */
    List<String> anomalyTypes() {
        List<String> types = new ArrayList<>();
        results.path("anomaly-types").forEach(t -> types.add(t.asText()));
        return types;
    }

    /**
     * The producer setting of the cluster tests whose positive control must be VALID under broker restarts: one request
     * in flight, under which Kafka's known out-of-order refusal after a restart cannot duplicate a send (docs/findings.md,
     * "A restart shrinks the duplicate window to one batch": a restarted broker recognises only the last batch, and one
     * in flight is the last). The finding keeps its own test, DedupWindowAfterRestartTest.
     */
    static final String ONE_IN_FLIGHT = "max.in.flight.requests.per.connection=1";

    /**
     * The broker setting of the cluster tests whose runs end once their kills or cuts were healed ({@code fault-count}, or
     * a time limit that comes during the heal): {@link ShortBrokerSession}, for {@code --broker-config}.
     */
    static final String SHORT_BROKER_SESSION = ShortBrokerSession.BROKER_CONFIG;

    /** Asserts the run VALID with exit 0; anything else fails with the results. */
    void assertValid(int exit) {
        if (exit != 0 || !results.path("valid").asBoolean(false)) {
            throw new AssertionError("VALID with exit 0 expected, got exit " + exit + ", in " + dir + ": " + results);
        }
    }

    long anomalies(String type) {
        return results.path("anomalies").path(type).path("count").asLong(0);
    }
}
