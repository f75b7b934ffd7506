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

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Judges each topic's acknowledged admin changes against every caught-up broker's final read:
 * {@code metadata-change-lost} and {@code metadata-delete-undone} (definitions in the anomaly catalogue). An
 * indeterminate op may have happened at any time after its invocation, or never, so it only widens what is allowed; a
 * delete excuses only what it may have removed (see {@link Lives}).
 */
final class ChangeJudge {
    private ChangeJudge() {
    }

    /** Judges one topic's ops against every read. */
    static void judge(String topic, List<AdminOp> ops, List<BrokerRead> reads, CheckResult result) {
        Lives lives = new Lives(ops);
        Optional<AdminOp> undone = ops.stream()
                .filter(a -> a.ok() && a.f().equals(ClientOps.DELETE_TOPIC) && !lives.recreated(a)).findFirst();
        for (BrokerRead read : reads) {
            ServedTopic served = read.topics().get(topic);
            List<AdminOp> owed = ops.stream().filter(a -> a.ok() && !a.f().equals(ClientOps.DELETE_TOPIC)
                    && !lives.excused(a, served != null)).toList();
            if (served == null) {
                if (owed.isEmpty()) continue;
                ObjectNode c = lost("create", topic, owed.get(0), read);
                c.putNull("served");
                result.anomaly(Anomalies.METADATA_CHANGE_LOST.key(), c);
                continue;
            }
            partitions(topic, owed, read, served, result);
            configs(topic, owed, ops, read, served, result);
            if (undone.isPresent()) {
                ObjectNode c = Json.object().put("topic", topic).put("index", undone.get().index())
                        .put("node", read.node()).put("read-index", read.index());
                c.set("served", served(served));
                result.anomaly(Anomalies.METADATA_DELETE_UNDONE.key(), c);
            }
        }
    }

    /** {@code owed}: the acknowledged changes the read may not lack. */
    private static void partitions(String topic, List<AdminOp> owed, BrokerRead read, ServedTopic served, CheckResult result) {
        AdminOp highest = null;
        for (AdminOp a : owed) {
            if (a.partitions() > 0 && (highest == null || a.partitions() > highest.partitions())) highest = a;
        }
        if (highest != null && served.partitions() < highest.partitions()) {
            ObjectNode c = lost("partitions", topic, highest, read);
            c.put("expected", highest.partitions());
            c.put("served", served.partitions());
            result.anomaly(Anomalies.METADATA_CHANGE_LOST.key(), c);
        }
    }

    /**
     * Per config key: the values the key may hold — those of owed sets no later acknowledged set followed in real
     * time, and of every indeterminate set — when some owed set of it was acknowledged.
     */
    private static void configs(String topic, List<AdminOp> owed, List<AdminOp> ops, BrokerRead read, ServedTopic served,
                                CheckResult result) {
        Map<String, Set<String>> allowed = new TreeMap<>();
        Map<String, AdminOp> lastAcked = new TreeMap<>();
        for (AdminOp a : owed) {
            if (!a.f().equals(ClientOps.ALTER_CONFIG)) continue;
            boolean overwritten = owed.stream().anyMatch(b -> b.f().equals(ClientOps.ALTER_CONFIG)
                    && b.key().equals(a.key()) && b.index() > a.completionIndex());
            if (!overwritten) {
                allowed.computeIfAbsent(a.key(), k -> new LinkedHashSet<>()).add(a.value());
                lastAcked.merge(a.key(), a, (x, y) -> x.index() > y.index() ? x : y);
            }
        }
        for (AdminOp a : ops) {
            if (a.f().equals(ClientOps.ALTER_CONFIG) && a.type() == OpType.INFO && allowed.containsKey(a.key())) {
                allowed.get(a.key()).add(a.value());
            }
        }
        allowed.forEach((key, values) -> {
            String value = served.configs().get(key);
            if (values.contains(value)) return;
            ObjectNode c = lost("config", topic, lastAcked.get(key), read);
            c.put("key", key);
            ArrayNode e = c.putArray("expected");
            values.forEach(e::add);
            c.put("served", value);
            result.anomaly(Anomalies.METADATA_CHANGE_LOST.key(), c);
        });
    }

    private static ObjectNode lost(String kind, String topic, AdminOp op, BrokerRead read) {
        return Json.object().put("kind", kind).put("topic", topic).put("index", op.index()).put("node", read.node())
                .put("read-index", read.index());
    }

    /** A served topic as evidence: its id, partition count and configs; null when absent. */
    static ObjectNode served(ServedTopic t) {
        if (t == null) return null;
        ObjectNode o = Json.object();
        if (t.id() != null) o.put("id", t.id());
        o.put("partitions", t.partitions());
        ObjectNode c = o.putObject("configs");
        t.configs().forEach(c::put);
        return o;
    }
}
