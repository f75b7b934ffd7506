package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.OperationFields;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.EffectWait;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The move of {@code reassign-cancel}: one partition's reassignment throttled so it stays in progress
 * ({@code throttled-reassign}, held once Kafka lists it), and its cancel ({@code cancel-reassignment}, as
 * {@code kafka-reassign-partitions --cancel} does), held once it is no longer listed, the old replica set (or, had the
 * move completed first, the new one) is read back and no throttle config is. The nemesis does both, a replay does them
 * again from the recorded values.
 */
public final class ThrottledReassignment {
    private final NemesisContext ctx;
    private final int partition;
    private final Move<Integer> move;

    ThrottledReassignment(NemesisContext ctx, int partition, List<Integer> from, List<Integer> to, long throttle, Duration bound) {
        this.ctx = ctx;
        this.partition = partition;
        this.move = Move.ofWorkload(ctx, Map.of(partition, from), Map.of(partition, to), throttle, bound);
    }

    /** The move a throttled-reassign's {@code value} records: its one partition's {@code from} and {@code to}, its throttle. */
    private static ThrottledReassignment recorded(NemesisContext ctx, JsonNode value, Duration bound) {
        Map<Integer, List<Integer>> to = Move.read(value.path(OperationFields.TO), Integer::parseInt);
        if (to.size() != 1) throw new IllegalStateException("a throttled-reassign moves one partition; its value names " + to.keySet());
        int p = to.keySet().iterator().next();
        List<Integer> from = Move.read(value.path(OperationFields.FROM), Integer::parseInt).getOrDefault(p, List.of());
        return new ThrottledReassignment(ctx, p, from, to.get(p), value.path(OperationFields.THROTTLE_BYTES).asLong(), bound);
    }

    /** The op's value: {@code partitions}, {@code from}, {@code to}, {@code nodes}, {@code throttle-bytes}. */
    ObjectNode value() {
        return move.value();
    }

    /** Throttles the brokers the move touches, asks for it, and waits until Kafka lists it as in progress. */
    void start() {
        ctx.operations().throttle(move.nodes(), move.throttle());
        ctx.operations().reassign(move.to());
        EffectWait.until("partition " + partition + "'s reassignment in progress", ctx.effectBound(), this::listed, listed -> listed,
                listed -> "not listed as in progress (already complete, or refused)");
    }

    /**
     * Cancels the move if Kafka still lists it, waits until it does not, and records what stands: {@code cancelled}
     * (the old replica set back, in the order Kafka restored) or not (the move had completed first), with {@code replicas-after};
     * done once the throttle's removal is read back too.
     */
    void cancel(ObjectNode value) {
        List<Integer> from = move.from().get(partition);
        List<Integer> to = move.to().get(partition);
        Throttles.liftAfter(ctx, move.nodes(), () -> {
            if (listed()) ctx.operations().cancelReassignments(Set.of(partition));
            // the read that found the move ended is what is recorded: a second read may ask a broker whose metadata lags
            List<Integer> after = EffectWait.until("partition " + partition + "'s reassignment ended", move.bound(),
                    () -> listed() ? null : ctx.topic().replicas(partition),
                    r -> r != null && (sameSet(r, from) || sameSet(r, to)), r -> r == null ? "still in progress" : "replicas " + r);
            value.put("cancelled", sameSet(after, from));
            after.forEach(value.putObject("replicas-after").putArray(Integer.toString(partition))::add);
        });
    }

    /**
     * A recorded throttled-reassign again: its partition's replicas as they are now moved to its recorded {@code to}
     * under its recorded throttle, held once Kafka lists the move; {@code value} (the recorded one) then says the
     * {@code from} and {@code nodes} of this cluster, which the replayed cancel reads.
     */
    public static void replay(NemesisContext ctx, ObjectNode value, Duration bound) {
        ThrottledReassignment r = recorded(ctx, value, bound);
        if (r.partition >= ctx.topic().partitions()) throw new IllegalStateException("the topic has no partition " + r.partition + " now");
        ThrottledReassignment now = new ThrottledReassignment(ctx, r.partition, ctx.topic().replicas(r.partition), r.move.to().get(r.partition),
                r.move.throttle(), bound);
        value.setAll(now.value());
        now.start();
    }

    /**
     * A recorded cancel-reassignment again: cancels the move a replay made ({@code replayed}: the value it recorded), into
     * {@code into}, which takes that move's {@code from}, {@code to} and {@code nodes}.
     */
    public static void cancelReplayed(NemesisContext ctx, JsonNode replayed, ObjectNode into, Duration bound) {
        ThrottledReassignment r = recorded(ctx, replayed, bound);
        into.setAll(r.value());
        r.cancel(into);
    }

    private boolean listed() {
        return ctx.operations().reassignments().map(m -> m.containsKey(partition)).orElse(false);
    }

    /** True when the two replica lists hold the same brokers: a cancelled move restores the old set, not always its order. */
    private static boolean sameSet(List<Integer> a, List<Integer> b) {
        return new HashSet<>(a).equals(new HashSet<>(b));
    }
}
