package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.queue.QueueOps;
import io.kchaos.history.ClientOps;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.util.Map;
import java.util.TreeMap;

/**
 * The metadata workload's ops as the checker reads them (docs/format.md, metadata ops): admin changes paired with
 * their completion, quorum samples, and the final read of each broker; a value that breaks the format is refused.
 */
final class MetadataOps {
    private MetadataOps() {
    }

    /**
     * An admin op on one topic: its invocation's index and time, its completion's index, time and type; an
     * indeterminate op (info, or never completed) may take effect at any time after its invocation, so its completion
     * index and time are {@link Long#MAX_VALUE}.
     */
    record AdminOp(String f, String topic, long index, long time, long completionIndex, long completionTime,
                   OpType type, int partitions, String key, String value) {
        boolean ok() {
            return type == OpType.OK;
        }
    }

    /**
     * A quorum sample: the high watermark and each replica's log end offset (voters and observers) by node; from a
     * history op ({@code index}, {@code poll} null) or a run's poll ({@code index} -1, {@code poll} its source).
     */
    record QuorumSample(long index, String poll, long highWatermark, Map<Integer, Long> voters, Map<Integer, Long> observers) {
        /** Where an example points: the history line, or the poll. */
        void cite(ObjectNode example, String indexField, String pollField) {
            if (poll == null) example.put(indexField, index);
            else example.put(pollField, poll);
        }
    }

    /** What one broker served of one topic at the end. */
    record ServedTopic(String id, int partitions, Map<String, String> configs) {
    }

    /** One broker's caught-up final read (an ok metadata-read). */
    record BrokerRead(long index, int node, long targetOffset, long offset, Map<String, ServedTopic> topics) {
    }

    /**
     * The brokers the run started with (a {@code metadata-brokers} op): the cluster spec's count, and node id to address
     * of those the workload found; {@code error} when it found none (the op completed info), else null.
     */
    record Roster(int expected, Map<Integer, String> brokers, String error) {
    }

    /** The roster a {@code metadata-brokers} completion records (its invocation's count when it completed info). */
    static Roster roster(Op completion) {
        JsonNode v = completion.value();
        if (!v.isObject()) throw QueueOps.malformed(completion, "value is not an object");
        int expected = (int) QueueOps.requiredLong(completion, v, MetadataFields.EXPECTED);
        if (!completion.isOk()) return new Roster(expected, Map.of(), completion.error() == null ? completion.type().wire() : completion.error());
        Map<Integer, String> brokers = new TreeMap<>();
        JsonNode b = v.get(MetadataFields.BROKERS);
        if (b == null || !b.isObject()) throw QueueOps.malformed(completion, "missing \"" + MetadataFields.BROKERS + "\" object");
        for (Map.Entry<String, JsonNode> e : b.properties()) brokers.put(nodeId(completion, e.getKey()), e.getValue().asText());
        return new Roster(expected, brokers, null);
    }

    /** The admin op completed by {@code completion}, invoked by {@code invoke} (null completion: never completed). */
    static AdminOp admin(Op invoke, Op completion) {
        JsonNode v = invoke.value();
        if (!v.isObject() || !v.path(MetadataFields.TOPIC).isTextual()) throw QueueOps.malformed(invoke, "missing string \"topic\"");
        int partitions = -1;
        String key = null;
        String value = null;
        switch (invoke.f()) {
            case ClientOps.CREATE_TOPIC, ClientOps.CREATE_PARTITIONS -> {
                long n = QueueOps.requiredLong(invoke, v, MetadataFields.PARTITIONS);
                if (n < 1 || n > Integer.MAX_VALUE) throw QueueOps.malformed(invoke, "\"partitions\" out of range: " + n);
                partitions = (int) n;
            }
            case ClientOps.ALTER_CONFIG -> {
                key = text(invoke, v, MetadataFields.KEY);
                value = text(invoke, v, MetadataFields.VALUE);
            }
            default -> {
            }
        }
        OpType type = completion == null ? OpType.INFO : completion.type();
        boolean determinate = type != OpType.INFO;
        long ci = determinate ? completion.index() : Long.MAX_VALUE;
        long ct = determinate ? completion.time() : Long.MAX_VALUE;
        return new AdminOp(invoke.f(), v.get(MetadataFields.TOPIC).asText(), invoke.index(), invoke.time(), ci, ct, type,
                partitions, key, value);
    }

    static QuorumSample quorum(Op ok) {
        JsonNode v = ok.value();
        if (!v.isObject()) throw QueueOps.malformed(ok, "value is not an object");
        return new QuorumSample(ok.index(), null, QueueOps.requiredLong(ok, v, MetadataFields.HIGH_WATERMARK),
                offsets(ok, v, MetadataFields.VOTERS), offsets(ok, v, MetadataFields.OBSERVERS));
    }

    static BrokerRead read(Op ok) {
        JsonNode v = ok.value();
        if (!v.isObject()) throw QueueOps.malformed(ok, "value is not an object");
        long node = QueueOps.requiredLong(ok, v, MetadataFields.NODE);
        JsonNode topics = v.get(MetadataFields.TOPICS);
        if (topics == null || !topics.isObject()) throw QueueOps.malformed(ok, "missing \"topics\" object");
        Map<String, ServedTopic> served = new TreeMap<>();
        for (Map.Entry<String, JsonNode> e : topics.properties()) {
            JsonNode t = e.getValue();
            if (!t.isObject()) throw QueueOps.malformed(ok, "topic " + e.getKey() + " is not an object");
            Map<String, String> configs = new TreeMap<>();
            JsonNode c = t.get(MetadataFields.CONFIGS);
            if (c != null && c.isObject()) c.properties().forEach(x -> configs.put(x.getKey(), x.getValue().asText()));
            JsonNode id = t.get(MetadataFields.ID);
            served.put(e.getKey(), new ServedTopic(id == null ? null : id.asText(),
                    (int) QueueOps.requiredLong(ok, t, MetadataFields.PARTITIONS), configs));
        }
        JsonNode target = v.get(MetadataFields.TARGET_OFFSET);
        JsonNode offset = v.get(MetadataFields.OFFSET);
        return new BrokerRead(ok.index(), (int) node, target == null ? -1 : QueueOps.integer(ok, target, "\"target-offset\""),
                offset == null ? -1 : QueueOps.integer(ok, offset, "\"offset\""), served);
    }

    private static Map<Integer, Long> offsets(Op op, JsonNode v, String field) {
        Map<Integer, Long> out = new TreeMap<>();
        JsonNode o = v.get(field);
        if (o == null || o.isNull()) return out;
        if (!o.isObject()) throw QueueOps.malformed(op, "\"" + field + "\" is not an object");
        for (Map.Entry<String, JsonNode> e : o.properties()) {
            out.put(nodeId(op, e.getKey()), QueueOps.integer(op, e.getValue(), "\"" + field + "\" entry"));
        }
        return out;
    }

    private static int nodeId(Op op, String name) {
        try {
            int n = Integer.parseInt(name);
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw QueueOps.malformed(op, "\"" + name + "\" is not a node id");
    }

    private static String text(Op op, JsonNode v, String field) {
        JsonNode t = v.get(field);
        if (t == null || !t.isTextual()) throw QueueOps.malformed(op, "missing string \"" + field + "\"");
        return t.asText();
    }
}
