package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.metadata.MetadataOps.AdminOp;
import io.kchaos.checker.metadata.MetadataOps.BrokerRead;
import io.kchaos.checker.metadata.MetadataOps.ServedTopic;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.ClientOps;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code metadata-unexplained} (definition in the anomaly catalogue): every caught-up broker's topic judged against
 * every state its ops allow, each indeterminate op taken as happened or not — the presence a create that did not fail
 * allows, a partition count one of them asked for, a config value a set of the key wrote, or none. What an
 * acknowledged op owes is {@link ChangeJudge}'s; this judge reports only what no op explains.
 */
final class UnexplainedJudge {
    private UnexplainedJudge() {
    }

    /** Judges one topic ({@code ops}: its admin ops, maybe none) against every read. */
    static void judge(String topic, List<AdminOp> ops, List<BrokerRead> reads, CheckResult result) {
        boolean created = false;
        Set<Integer> counts = new TreeSet<>();
        Map<String, Set<String>> values = new TreeMap<>();
        for (AdminOp a : ops) {
            if (a.type() == OpType.FAIL) continue;
            if (a.f().equals(ClientOps.CREATE_TOPIC)) created = true;
            if (a.partitions() > 0) counts.add(a.partitions());
            if (a.key() != null) values.computeIfAbsent(a.key(), k -> new TreeSet<>()).add(a.value());
        }
        for (BrokerRead read : reads) {
            ServedTopic served = read.topics().get(topic);
            if (served == null) continue;
            if (!created) {
                result.anomaly(Anomalies.METADATA_UNEXPLAINED.key(), example("topic", topic, read)
                        .set("served", ChangeJudge.served(served)));
                continue;
            }
            if (!counts.contains(served.partitions())) {
                ObjectNode c = example("partitions", topic, read);
                ArrayNode allowed = c.putArray("allowed");
                counts.forEach(allowed::add);
                c.put("served", served.partitions());
                result.anomaly(Anomalies.METADATA_UNEXPLAINED.key(), c);
            }
            served.configs().forEach((key, value) -> {
                Set<String> set = values.getOrDefault(key, Set.of());
                if (set.contains(value)) return;
                ObjectNode c = example("config", topic, read).put("key", key);
                ArrayNode allowed = c.putArray("allowed");
                allowed.addNull();
                set.forEach(allowed::add);
                c.put("served", value);
                result.anomaly(Anomalies.METADATA_UNEXPLAINED.key(), c);
            });
        }
    }

    private static ObjectNode example(String kind, String topic, BrokerRead read) {
        return Json.object().put("kind", kind).put("topic", topic).put("node", read.node()).put("read-index", read.index());
    }
}
