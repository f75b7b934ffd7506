package io.kchaos.checker.txn;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.checker.queue.QueueOps;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code txn} op's value (docs/history-txn-group.md): {@code {"txn": [micro-op, ...], "abort": bool}} with
 * micro-ops {@code ["send", key, value, {"partition": p, "offset": o}]} (the object, and its offset, optional) and
 * {@code ["poll", {"seek": {...}, "records": [...]}]} (the object optional).
 */
final class TxnOps {
    static final String TXN = ClientOps.TXN;
    static final String SEND = ClientOps.SEND;
    static final String POLL = ClientOps.POLL;

    /** One send of a transaction: its value and, when known, its partition and offset (-1 otherwise). */
    record Send(long value, int partition, long offset) {
    }

    private TxnOps() {
    }

    /** Whether the op's value carries a micro-op list. */
    static boolean hasMicroOps(Op op) {
        return op.value().isObject() && op.value().has(TXN);
    }

    /** Whether the value declares a deliberate abort. */
    static boolean declaresAbort(Op op) {
        return op.value().isObject() && op.value().path("abort").asBoolean(false);
    }

    /** The sends of the op's micro-op list, in order. */
    static List<Send> sends(Op op) {
        List<Send> out = new ArrayList<>(4);
        for (JsonNode m : microOps(op)) {
            if (SEND.equals(m.get(0).asText())) out.add(send(op, m));
        }
        return out;
    }

    /** The result objects of the op's poll micro-ops, in order (an empty object for a poll with none). */
    static List<JsonNode> polls(Op op) {
        List<JsonNode> out = new ArrayList<>(1);
        for (JsonNode m : microOps(op)) {
            if (POLL.equals(m.get(0).asText())) out.add(m.size() > 1 ? m.get(1) : Json.object());
        }
        return out;
    }

    private static JsonNode microOps(Op op) {
        JsonNode mops = op.value().isObject() ? op.value().get(TXN) : null;
        if (mops == null || !mops.isArray()) throw QueueOps.malformed(op, "missing \"txn\" micro-op array");
        for (JsonNode m : mops) {
            if (!m.isArray() || m.isEmpty() || !m.get(0).isTextual()) {
                throw QueueOps.malformed(op, "a micro-op is not an array starting with its name: " + m);
            }
            String f = m.get(0).asText();
            if (!SEND.equals(f) && !POLL.equals(f)) throw QueueOps.malformed(op, "unknown micro-op \"" + f + "\"");
        }
        return mops;
    }

    private static Send send(Op op, JsonNode m) {
        if (m.size() < 3) throw QueueOps.malformed(op, "a send micro-op needs [\"send\", key, value]: " + m);
        long v = QueueOps.integer(op, m.get(2), "a send micro-op's value");
        JsonNode at = m.size() > 3 ? m.get(3) : null;
        if (at == null || at.isNull()) return new Send(v, -1, -1);
        if (!at.isObject()) throw QueueOps.malformed(op, "a send micro-op's fourth element is not an object: " + m);
        int p = at.has("partition") ? QueueOps.partition(op, at) : -1;
        long o = at.has("offset") ? Math.max(-1, QueueOps.requiredLong(op, at, "offset")) : -1;
        return new Send(v, p, o);
    }
}
