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
 * indeterminate op may have happened at any time after its invocation, or never, so it only widens what is allowed.
 */
final class ChangeJudge {
    private ChangeJudge() {
    }

    /** Judges one topic's ops against every read. */
    static void judge(String topic, List<AdminOp> ops, List<BrokerRead> reads, CheckResult result) {
        Optional<AdminOp> acked = ops.stream().filter(a -> a.ok() && !a.f().equals(ClientOps.DELETE_TOPIC)).findFirst();
        boolean deleteMaybe = ops.stream().anyMatch(a -> a.f().equals(ClientOps.DELETE_TOPIC) && a.type() != OpType.FAIL);
        Optional<AdminOp> deleted = ops.stream().filter(a -> a.ok() && a.f().equals(ClientOps.DELETE_TOPIC)).findFirst();
        for (BrokerRead read : reads) {
            ServedTopic served = read.topics().get(topic);
            if (acked.isPresent() && !deleteMaybe) {
                if (served == null) {
                    ObjectNode c = lost("create", topic, acked.get(), read);
                    c.putNull("served");
                    result.anomaly(Anomalies.METADATA_CHANGE_LOST.key(), c);
                    continue;
                }
                partitions(topic, ops, read, served, result);
                configs(topic, ops, read, served, result);
            }
            if (deleted.isPresent() && served != null && !recreatable(ops, deleted.get())) {
                ObjectNode c = Json.object().put("topic", topic).put("index", deleted.get().index())
                        .put("node", read.node()).put("read-index", read.index());
                c.set("served", served(served));
                result.anomaly(Anomalies.METADATA_DELETE_UNDONE.key(), c);
            }
        }
    }

    /** A create-topic invoked after the delete completed, or one of unknown outcome, may make the topic exist again. */
    private static boolean recreatable(List<AdminOp> ops, AdminOp delete) {
        return ops.stream().anyMatch(a -> a.f().equals(ClientOps.CREATE_TOPIC)
                && (a.type() == OpType.INFO || a.index() > delete.completionIndex()));
    }

    private static void partitions(String topic, List<AdminOp> ops, BrokerRead read, ServedTopic served, CheckResult result) {
        AdminOp highest = null;
        for (AdminOp a : ops) {
            if (a.ok() && a.partitions() > 0 && (highest == null || a.partitions() > highest.partitions())) highest = a;
        }
        if (highest != null && served.partitions() < highest.partitions()) {
            ObjectNode c = lost("partitions", topic, highest, read);
            c.put("expected", highest.partitions());
            c.put("served", served.partitions());
            result.anomaly(Anomalies.METADATA_CHANGE_LOST.key(), c);
        }
    }

    /**
     * Per config key: the values the key may hold — those of acknowledged sets no later acknowledged set followed in
     * real time, and of every indeterminate set — when some set of it was acknowledged.
     */
    private static void configs(String topic, List<AdminOp> ops, BrokerRead read, ServedTopic served, CheckResult result) {
        Map<String, Set<String>> allowed = new TreeMap<>();
        Map<String, AdminOp> lastAcked = new TreeMap<>();
        for (AdminOp a : ops) {
            if (!a.f().equals(ClientOps.ALTER_CONFIG) || !a.ok()) continue;
            boolean overwritten = ops.stream().anyMatch(b -> b.f().equals(ClientOps.ALTER_CONFIG) && b.ok()
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
