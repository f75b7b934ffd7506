package io.kchaos.checker.share;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.kchaos.checker.queue.MemberPass;
import io.kchaos.checker.queue.QueueLedger;
import io.kchaos.checker.queue.QueueOps;
import io.kchaos.checker.queue.QueuePass;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one pass over a share-group history: every delivery of every record (in history order), each consumer's
 * acknowledgements matched to the deliveries it holds, consumers leaving with records unacknowledged, the group's
 * settings from its subscriptions and the final catch-up. Share-poll records also feed the queue ledger as reads
 * without order (a share consumer reads partitions cooperatively, so each read is a declared seek); {@code send} and
 * {@code drain} go to the queue pass.
 */
final class SharePass extends MemberPass<SharePass.Member> {
    /** A record's position. */
    record Pos(int partition, long offset) {
    }

    /**
     * The final catch-up's view of one partition: the end offset, the group's start offset reached, and the client ids
     * of the members the partition was then assigned to (null when the op does not say).
     */
    record CatchUp(long endOffset, long groupStartOffset, long index, long time, List<String> assignedTo) {
    }

    final Map<Pos, List<Delivery>> deliveries = new HashMap<>();
    final Map<Integer, CatchUp> caughtUp = new TreeMap<>();
    /** Each partition's last delivery: the time of the share-poll that returned it. */
    final Map<Integer, Long> lastDelivery = new TreeMap<>();
    /** When members left (crash or close): each may have taken records with it that no poll returned. */
    final Leaves leaves = new Leaves();
    final ShareCounts counts = new ShareCounts();
    long lockMs = -1;
    int deliveryLimit = -1;
    private final QueueLedger ledger;

    /** A share consumer process: its pending op and the deliveries it holds (not acknowledged, not left). */
    static final class Member extends MemberPass.Pending {
        long pendingIndex = -1;
        long pendingTime = -1;
        final Map<Pos, Delivery> held = new HashMap<>();
        final Map<Pos, Delivery> acking = new HashMap<>();
    }

    SharePass(QueueLedger ledger, QueuePass queueOps) {
        super(queueOps, Member::new);
        this.ledger = ledger;
    }

    @Override
    protected boolean isMemberOp(String f) {
        return ShareOps.isShareOp(f);
    }

    @Override
    protected void invoked(Op op, Member m) {
        m.pendingIndex = op.index();
        m.pendingTime = op.time();
        if (ShareOps.ACK.equals(op.f())) {
            m.acking.clear();
            ShareOps.forEachAck(op, op.value(), (p, o, type, outcome) -> {
                Delivery d = m.held.remove(new Pos(p, o));
                if (d == null) {
                    counts.acksOfUnheld++;
                    return;
                }
                d.ack = type;
                d.ackInvokeIndex = op.index();
                d.ackInvokeTime = op.time();
                d.ackOutcome = OpType.INFO;
                m.acking.put(new Pos(p, o), d);
            });
        }
    }

    /** An op that never completed: an acknowledgement stays info (maybe taken). */
    @Override
    protected void abandon(Member m) {
        counts.op(m.pendingF, OpType.INFO);
        counts.invocationsWithoutCompletion++;
        m.acking.values().forEach(d -> counts.ack(d.ack, OpType.INFO));
        m.acking.clear();
        m.pendingF = null;
    }

    @Override
    protected void complete(Op op, Member m) {
        boolean paired = op.f().equals(m.pendingF);
        JsonNode invoked = paired ? m.pendingValue : NullNode.getInstance();
        long invokeTime = paired ? m.pendingTime : op.time();
        if (m.pendingF != null && !paired) abandon(m);
        m.pendingF = null;
        counts.op(op.f(), op.type());
        switch (op.f()) {
            case ShareOps.SUBSCRIBE -> subscribed(op, invoked);
            case ShareOps.POLL -> {
                if (op.isOk()) polled(op, m, invokeTime);
            }
            case ShareOps.ACK -> acked(op, m, invoked);
            case ShareOps.CLOSE, ShareOps.CRASH -> {
                leaves.add(invokeTime, op.time());
                m.held.values().forEach(d -> d.left = true);
                m.held.clear();
            }
            case ShareOps.CATCH_UP -> caughtUp(op);
            default -> { }
        }
    }

    private void subscribed(Op op, JsonNode invoked) {
        JsonNode v = op.value().isObject() ? op.value() : invoked;
        long lock = ShareOps.optionalLong(op, v, "lock-ms");
        long limit = ShareOps.optionalLong(op, v, "delivery-limit");
        if (lock >= 0) lockMs = lock;
        if (limit >= 0) deliveryLimit = (int) Math.min(limit, Short.MAX_VALUE);
    }

    /**
     * A poll's deliveries. A consumer may return records a fetch of an earlier poll acquired (kafka-clients 4.1.1 did,
     * 18 s later, after a stall): a record's acquisition is known to follow only the time {@code lock-until} names less
     * the lock duration (the writer's rule: its previous poll's invocation), else this poll's invocation.
     */
    private void polled(Op op, Member m, long invokeTime) {
        ShareOps.forEachDelivery(op, (p, o, v, count, lockUntil) -> {
            ledger.seek(op.process(), QueueLedger.ReadKind.POLL, p);
            ledger.read(op.process(), QueueLedger.ReadKind.POLL, p, o, v, op.index());
            long acquiredAfter = lockUntil >= 0 && lockMs >= 0 ? Math.min(invokeTime, lockUntil - lockMs * 1_000_000L) : -1;
            Delivery d = new Delivery(op.process(), op.index(), op.time(), count, lockUntil, acquiredAfter);
            Pos pos = new Pos(p, o);
            deliveries.computeIfAbsent(pos, k -> new ArrayList<>(2)).add(d);
            m.held.put(pos, d);
            lastDelivery.merge(p, op.time(), Math::max);
            counts.deliveries++;
        });
    }

    /** The broker's outcome for each acknowledgement the invocation sent (by its partition's result). */
    private void acked(Op op, Member m, JsonNode invoked) {
        if (m.acking.isEmpty()) return;
        Map<Pos, Delivery> acking = new HashMap<>(m.acking);
        m.acking.clear();
        ShareOps.forEachAck(op, invoked, (p, o, type, outcome) -> {
            Delivery d = acking.remove(new Pos(p, o));
            if (d == null || d.ack != type) return;
            d.ackOutcome = outcome;
            d.ackIndex = op.index();
            d.ackTime = op.time();
            counts.ack(type, outcome);
        });
        acking.values().forEach(d -> {
            d.ackOutcome = op.type();
            d.ackIndex = op.index();
            d.ackTime = op.time();
            counts.ack(d.ack, op.type());
        });
    }

    private void caughtUp(Op op) {
        Map<Integer, Long> ends = new TreeMap<>();
        QueueOps.forEachPartitionOffset(op, op.value(), "end-offsets", ends::put);
        JsonNode assignment = op.value().path("assignment");
        QueueOps.forEachPartitionOffset(op, op.value(), "group-start-offsets", (p, s) -> {
            Long end = ends.get(p);
            if (end != null) caughtUp.put(p, new CatchUp(end, s, op.index(), op.time(), assignedTo(assignment, p)));
        });
    }

    /** The client ids the catch-up names for partition p (none: assigned to no member), or null without an assignment. */
    private static List<String> assignedTo(JsonNode assignment, int p) {
        if (!assignment.isObject()) return null;
        List<String> clients = new ArrayList<>();
        assignment.path(String.valueOf(p)).forEach(c -> clients.add(c.asText()));
        return clients;
    }
}
