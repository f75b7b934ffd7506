package io.kchaos.report.html;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.report.Results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Findings of the brokers' own files: replica and Raft-audit anomalies per partition ({@code __cluster_metadata-0} for
 * the Raft audit), the replica audit's per-partition figures and the Raft audit's figures.
 */
final class ReplicasSection implements Section {
    private final Results results;

    ReplicasSection(ReportContext ctx) {
        this.results = ctx.folder().results();
    }

    /** True when results.json has anything from the replica audit. */
    static boolean applies(Results r) {
        return r.stats().has(ResultsFields.Stats.REPLICAS) || r.stats().has(ResultsFields.Stats.RAFT)
                || r.anomalies().keySet().stream().anyMatch(k -> Anomalies.isReplica(k) || Anomalies.isRaft(k));
    }

    @Override
    public String id() {
        return "replicas";
    }

    @Override
    public String title() {
        return "Replicas";
    }

    @Override
    public void render(Html h) {
        List<Results.Anomaly> replica = new ArrayList<>();
        for (Results.Anomaly a : results.anomalies().values()) {
            if (Anomalies.isReplica(a.type()) || Anomalies.isRaft(a.type())) replica.add(a);
        }
        if (replica.isEmpty()) {
            h.el("p", "No replica anomaly.");
        } else {
            perPartition(h, replica);
        }
        JsonNode stats = results.stats().path(ResultsFields.Stats.REPLICAS);
        if (!stats.isMissingNode()) {
            h.el("h3", "Audit figures (results.json stats.replicas)");
            ReplicaFigures.render(h, stats);
        }
        JsonNode raft = results.stats().path(ResultsFields.Stats.RAFT);
        if (!raft.isMissingNode()) {
            h.el("h3", "Raft audit of __cluster_metadata (results.json stats.raft)");
            h.open("table", "class", "grid");
            raft.properties().forEach(f -> h.open("tr").el("th", f.getKey()).el("td", f.getValue().isValueNode()
                    ? f.getValue().asText() : f.getValue().toString()).close("tr"));
            h.close("table");
        }
    }

    private static void perPartition(Html h, List<Results.Anomaly> replica) {
        Map<String, Map<String, Integer>> byPartition = new TreeMap<>();
        for (Results.Anomaly a : replica) {
            for (JsonNode ex : a.examples()) {
                JsonNode p = ex.path("partition");
                String key = p.isMissingNode() || p.isNull() ? "(none named)" : p.asText();
                byPartition.computeIfAbsent(key, k -> new TreeMap<>()).merge(a.type(), 1, Integer::sum);
            }
        }
        h.open("table", "class", "grid").open("tr").el("th", "partition");
        replica.forEach(a -> h.open("th").link("#" + Anchors.anomaly(a.type()), a.type()).close("th"));
        h.close("tr");
        byPartition.forEach((p, counts) -> {
            h.open("tr").el("td", p);
            replica.forEach(a -> h.el("td", counts.getOrDefault(a.type(), 0), "class", counts.containsKey(a.type()) ? "badcell" : ""));
            h.close("tr");
        });
        h.close("table");
        h.el("p", "Counts of the examples kept in results.json, per partition; the full counts are in the anomaly sections.",
                "class", "muted");
    }
}
