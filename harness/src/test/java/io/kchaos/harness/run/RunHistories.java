package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Test helper: counts what a finished run folder's history and results hold. */
final class RunHistories {
    final Map<String, Integer> counts = new HashMap<>();
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
    }

    int count(String f, OpType type) {
        return counts.getOrDefault(f + ":" + type.wire(), 0);
    }

    int nemesis(String f) {
        return counts.getOrDefault("nemesis:" + f + ":info", 0);
    }

    JsonNode runJson() throws IOException {
        return Json.MAPPER.readTree(Files.readString(dir.resolve("run.json")));
    }

    long anomalies(String type) {
        return results.path("anomalies").path(type).path("count").asLong(0);
    }
}
