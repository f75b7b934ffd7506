package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

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
     * Asserts the run VALID with exit 0, or INVALID (exit 1) only by Kafka's own out-of-order duplicates
     * (docs/findings.md, "A restart shrinks the duplicate window to one batch"): {@code duplicate} its only anomaly,
     * and a broker's server.log holding the {@code OutOfOrderSequenceException} with which a restarted leader refused
     * a retried batch it held before the idempotent producer bumped its epoch and sent it again. Anything else fails.
     */
    void assertValidOrOnlyOutOfOrderDuplicates(int exit) {
        if (results.path("valid").asBoolean(false)) {
            if (exit != 0) throw new AssertionError("VALID but exit " + exit + ", in " + dir);
            return;
        }
        if (exit != 1 || !anomalyTypes().equals(List.of("duplicate")) || !serverLogsMention("OutOfOrderSequenceException")) {
            throw new AssertionError("valid (or only Kafka's out-of-order duplicates), exit " + exit + ", in " + dir + ": " + results);
        }
        System.out.println("Kafka duplicated " + anomalies("duplicate") + " idempotent sends after an out-of-order refusal (" + dir + ")");
    }

    /** Whether any node's {@code nodes/<id>/server.log} in the run folder holds {@code text}. */
    boolean serverLogsMention(String text) {
        try (var nodes = Files.list(dir.resolve("nodes"))) {
            for (Path n : nodes.toList()) {
                Path log = n.resolve("server.log");
                if (Files.exists(log) && new String(Files.readAllBytes(log), StandardCharsets.ISO_8859_1).contains(text)) return true;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return false;
    }

    long anomalies(String type) {
        return results.path("anomalies").path(type).path("count").asLong(0);
    }
}
