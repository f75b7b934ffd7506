package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.metadata.MetadataOps.AdminOp;
import io.kchaos.checker.metadata.MetadataOps.BrokerRead;
import io.kchaos.checker.metadata.MetadataOps.ServedTopic;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code metadata-divergence} (definition in the anomaly catalogue): among the final reads taken at one target offset,
 * every topic the reads or the admin ops name is served alike by every broker, but for what its indeterminate ops
 * allow ({@link Leeway}).
 */
final class DivergenceJudge {
    private DivergenceJudge() {
    }

    static void judge(Map<String, List<AdminOp>> ops, List<BrokerRead> reads, CheckResult result) {
        Map<Long, List<BrokerRead>> byTarget = new TreeMap<>();
        reads.forEach(r -> byTarget.computeIfAbsent(r.targetOffset(), t -> new ArrayList<>()).add(r));
        for (Map.Entry<Long, List<BrokerRead>> group : byTarget.entrySet()) {
            List<BrokerRead> rs = group.getValue();
            if (rs.size() < 2) continue;
            Set<String> topics = new TreeSet<>(ops.keySet());
            rs.forEach(r -> topics.addAll(r.topics().keySet()));
            for (String topic : topics) {
                List<AdminOp> own = ops.getOrDefault(topic, List.of());
                Leeway leeway = Leeway.of(own);
                ServedTopic first = rs.get(0).topics().get(topic);
                if (rs.stream().allMatch(r -> leeway.allows(first, r.topics().get(topic)))) continue;
                ObjectNode c = Json.object().put("topic", topic).put("target-offset", group.getKey());
                ObjectNode served = c.putObject("served");
                ObjectNode indexes = c.putObject("read-indexes");
                for (BrokerRead r : rs) {
                    served.set(String.valueOf(r.node()), ChangeJudge.served(r.topics().get(topic)));
                    indexes.put(String.valueOf(r.node()), r.index());
                }
                result.anomaly(Anomalies.METADATA_DIVERGENCE.key(), c);
            }
        }
    }
}
