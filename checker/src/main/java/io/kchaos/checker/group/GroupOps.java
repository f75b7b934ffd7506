package io.kchaos.checker.group;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.Op;
import io.kchaos.checker.queue.QueueOps;

import java.util.function.IntConsumer;

/**
 * The consumer-group workload's op names and value fields (docs/history-txn-group.md): {@code subscribe},
 * {@code poll} (records plus the rebalance events Kafka delivered during it), {@code commit} (offsets asked, and the
 * committed offsets the broker returned), {@code committed}, {@code close}, {@code crash}, {@code reset} and the end
 * phase's {@code catch-up}.
 */
final class GroupOps {
    static final String SUBSCRIBE = ClientOps.SUBSCRIBE;
    static final String POLL = ClientOps.POLL;
    static final String COMMIT = ClientOps.COMMIT;
    static final String COMMITTED = ClientOps.COMMITTED;
    static final String CLOSE = ClientOps.CLOSE;
    static final String CRASH = ClientOps.CRASH;
    static final String RESET = ClientOps.RESET;
    static final String CATCH_UP = ClientOps.CATCH_UP;

    /** Receives one rebalance event of a poll (or close): partitions assigned (with positions) or taken away. */
    interface RebalanceSink {
        /** Partitions newly assigned; {@code position} is -1 where the op names none. */
        void assigned(int partition, long position);

        /** Partitions revoked or lost. */
        void revoked(int partition);
    }

    private GroupOps() {
    }

    static boolean isGroupOp(String f) {
        return switch (f) {
            case SUBSCRIBE, POLL, COMMIT, COMMITTED, CLOSE, CRASH, RESET, CATCH_UP -> true;
            default -> false;
        };
    }

    /** Whether a subscribe declares the auto-commit variant. */
    static boolean autoCommit(Op op) {
        return op.value().isObject() && op.value().path("auto-commit").asBoolean(false);
    }

    /** Visits the {@code rebalance} events of a completion in order. */
    static void forEachRebalance(Op op, RebalanceSink sink) {
        JsonNode events = op.value().isObject() ? op.value().get("rebalance") : null;
        if (events == null || events.isNull()) return;
        if (!events.isArray()) throw QueueOps.malformed(op, "\"rebalance\" is not an array");
        for (JsonNode e : events) {
            if (!e.isObject()) throw QueueOps.malformed(op, "a rebalance event is not an object");
            forEachPartition(op, e, "revoked", sink::revoked);
            forEachPartition(op, e, "lost", sink::revoked);
            JsonNode positions = e.get("positions");
            forEachPartition(op, e, "assigned", p -> {
                JsonNode at = positions != null && positions.isObject() ? positions.get(String.valueOf(p)) : null;
                sink.assigned(p, at == null ? -1 : QueueOps.integer(op, at, "position of " + p));
            });
        }
    }

    private static void forEachPartition(Op op, JsonNode event, String field, IntConsumer sink) {
        JsonNode ps = event.get(field);
        if (ps == null || ps.isNull()) return;
        if (!ps.isArray()) throw QueueOps.malformed(op, "\"" + field + "\" is not an array of partitions");
        for (JsonNode p : ps) {
            sink.accept(QueueOps.partitionNumber(op, p, "\"" + field + "\" entry"));
        }
    }
}
