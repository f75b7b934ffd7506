package io.kchaos.checker.metadata;

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
 * watermark in one sample — and reports a later log end offset below it.
 */
final class OffsetRegressionJudge {
    private OffsetRegressionJudge() {
    }

    static void judge(List<QuorumSample> samples, CheckResult result) {
        Map<Integer, long[]> held = new HashMap<>(); // node -> {committed offset held, index of the sample}
        for (QuorumSample s : samples) {
            check(s, s.voters(), "voter", held, result);
            check(s, s.observers(), "observer", held, result);
        }
    }

    private static void check(QuorumSample s, Map<Integer, Long> replicas, String role, Map<Integer, long[]> held,
                              CheckResult result) {
        replicas.forEach((node, offset) -> {
            if (offset < 0) return;
            long[] h = held.get(node);
            if (h != null && offset < h[0]) {
                result.anomaly(Anomalies.METADATA_OFFSET_REGRESSION.key(), Json.object().put("node", node).put("role", role)
                        .put("offset", offset).put("index", s.index()).put("committed-held", h[0]).put("held-index", h[1]));
            }
            if (s.highWatermark() < 0) return;
            long committed = Math.min(offset, s.highWatermark());
            if (h == null || committed > h[0]) held.put(node, new long[]{committed, s.index()});
        });
    }
}
