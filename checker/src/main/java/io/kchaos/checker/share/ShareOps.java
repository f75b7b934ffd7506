package io.kchaos.checker.share;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.queue.QueueOps;
import io.kchaos.history.ClientOps;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

/**
 * The share-group workload's op names and value fields (docs/format.md, share ops): {@code share-subscribe} (topic,
 * group, lock duration, delivery limit), {@code share-poll} (records with their delivery count and the earliest time
 * their lock may expire), {@code share-ack} (accept / release / reject per record, and per partition whether the broker
 * took it), {@code share-close}, {@code share-crash} and the end phase's {@code share-catch-up}.
 */
final class ShareOps {
    static final String SUBSCRIBE = ClientOps.SHARE_SUBSCRIBE;
    static final String POLL = ClientOps.SHARE_POLL;
    static final String ACK = ClientOps.SHARE_ACK;
    static final String CLOSE = ClientOps.SHARE_CLOSE;
    static final String CRASH = ClientOps.SHARE_CRASH;
    static final String CATCH_UP = ClientOps.SHARE_CATCH_UP;

    /** The acknowledgement types of KIP-932's explicit mode. */
    enum AckType {
        ACCEPT, RELEASE, REJECT;

        String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Receives one record of a share-poll: its position, value, delivery count and lock-until (-1 when unknown). */
    interface DeliverySink {
        void delivered(int partition, long offset, long value, int deliveryCount, long lockUntil);
    }

    /** Receives one acknowledgement of a share-ack, with the outcome the broker gave for its partition. */
    interface AckSink {
        void acked(int partition, long offset, AckType type, OpType outcome);
    }

    private ShareOps() {
    }

    static boolean isShareOp(String f) {
        return ClientOps.SHARE.contains(f);
    }

    /** An optional non-negative integer field of the value, or -1. */
    static long optionalLong(Op op, JsonNode holder, String field) {
        JsonNode v = holder.isObject() ? holder.get(field) : null;
        if (v == null || v.isNull()) return -1;
        long n = QueueOps.integer(op, v, "\"" + field + "\"");
        if (n < 0) throw QueueOps.malformed(op, "negative \"" + field + "\": " + n);
        return n;
    }

    /** Visits the records of a share-poll completion; each needs a delivery count of at least 1. */
    static void forEachDelivery(Op op, DeliverySink sink) {
        JsonNode records = op.value().isObject() ? op.value().get("records") : null;
        if (records == null || !records.isArray()) throw QueueOps.malformed(op, "missing \"records\" array");
        for (JsonNode r : records) {
            if (!r.isObject()) throw QueueOps.malformed(op, "a record is not an object");
            long offset = QueueOps.requiredLong(op, r, "offset");
            if (offset < 0) throw QueueOps.malformed(op, "negative record offset " + offset);
            long count = QueueOps.requiredLong(op, r, "delivery-count");
            if (count < 1 || count > Short.MAX_VALUE) throw QueueOps.malformed(op, "\"delivery-count\" out of range: " + count);
            sink.delivered(QueueOps.partition(op, r), offset, QueueOps.requiredLong(op, r, "value"), (int) count,
                    optionalLong(op, r, "lock-until"));
        }
    }

    /**
     * Visits the acknowledgements of a share-ack completion (or of its invocation, when the completion repeats none),
     * each with its partition's outcome from {@code results} ({@code {"0": "ok", "1": "fail"}}), else the op's type.
     */
    static void forEachAck(Op op, JsonNode invoked, AckSink sink) {
        JsonNode acks = op.value().isObject() && op.value().has("acks") ? op.value().get("acks")
                : invoked.isObject() ? invoked.get("acks") : null;
        if (acks == null || !acks.isArray()) throw QueueOps.malformed(op, "missing \"acks\" array");
        JsonNode results = op.value().isObject() ? op.value().get("results") : null;
        if (results != null && !results.isNull() && !results.isObject()) throw QueueOps.malformed(op, "\"results\" is not an object");
        for (JsonNode a : acks) {
            if (!a.isObject()) throw QueueOps.malformed(op, "an ack is not an object");
            int p = QueueOps.partition(op, a);
            long offset = QueueOps.requiredLong(op, a, "offset");
            if (offset < 0) throw QueueOps.malformed(op, "negative ack offset " + offset);
            sink.acked(p, offset, ackType(op, a.get("type")), outcome(op, results, p));
        }
    }

    private static AckType ackType(Op op, JsonNode t) {
        if (t != null && t.isTextual()) {
            for (AckType a : AckType.values()) if (a.wire().equals(t.asText())) return a;
        }
        throw QueueOps.malformed(op, "ack \"type\" must be accept, release or reject, not " + t);
    }

    private static OpType outcome(Op op, JsonNode results, int partition) {
        JsonNode r = results == null || results.isNull() ? null : results.get(String.valueOf(partition));
        if (r == null || r.isNull()) return op.type();
        OpType t = r.isTextual() ? OpType.fromWire(r.asText()) : null;
        if (t == null || t == OpType.INVOKE) throw QueueOps.malformed(op, "result of partition " + partition + " must be ok, fail or info, not " + r);
        return t;
    }
}
