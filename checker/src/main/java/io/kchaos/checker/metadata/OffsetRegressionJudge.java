package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.metadata.MetadataOps.QuorumSample;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code metadata-offset-regression} (definition in the anomaly catalogue): walks the quorum samples in order, keeping
 * for each replica the highest offset it was seen to hold committed — the lower of its log end offset and the high
 * watermark in one sample — and reports a later log end offset below it. A node a sample names in neither set is
 * forgotten: a voter removed and added again may come back on a new disk (KIP-853), a new replica. Each example cites
 * the samples by history line ({@code index}, {@code held-index}) or by run poll ({@code poll}, {@code held-poll}).
 */
final class OffsetRegressionJudge {
    private OffsetRegressionJudge() {
    }

    /** The committed offset a replica was seen to hold, and the sample that showed it. */
    private record Held(long offset, QuorumSample sample) {
    }

    static void judge(List<QuorumSample> samples, CheckResult result) {
        Map<Integer, Held> held = new HashMap<>();
        for (QuorumSample s : samples) {
            held.keySet().removeIf(node -> !s.voters().containsKey(node) && !s.observers().containsKey(node));
            check(s, s.voters(), "voter", held, result);
            check(s, s.observers(), "observer", held, result);
        }
    }

    private static void check(QuorumSample s, Map<Integer, Long> replicas, String role, Map<Integer, Held> held, CheckResult result) {
        replicas.forEach((node, offset) -> {
            if (offset < 0) return;
            Held h = held.get(node);
            if (h != null && offset < h.offset()) {
                ObjectNode e = Json.object().put("node", node).put("role", role).put("offset", offset);
                s.cite(e, "index", "poll");
                e.put("committed-held", h.offset());
                h.sample().cite(e, "held-index", "held-poll");
                result.anomaly(Anomalies.METADATA_OFFSET_REGRESSION.key(), e);
            }
            if (s.highWatermark() < 0) return;
            long committed = Math.min(offset, s.highWatermark());
            if (h == null || committed > h.offset()) held.put(node, new Held(committed, s));
        });
    }
}
