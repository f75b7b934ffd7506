package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.OperationsView.Reassigning;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code reassign-cancel}: a reassignment (a replica replaced by a broker outside the set) throttled to
 * {@code reassign-cancel-throttle} so it stays in progress, held once Kafka lists it; the heal cancels it
 * ({@code cancel-reassignment}, as {@code kafka-reassign-partitions --cancel} does), held once it is no longer listed
 * and the old replica set is back (or, had it completed first, the new one stays and the value says so) and no
 * throttle config is read back.
 */
public final class ReassignCancelNemesis implements FaultInjector {
    private final long throttle;
    private final Duration bound;

    public ReassignCancelNemesis(NemesisOptions options) {
        this.throttle = options.positive(NemesisSettings.REASSIGN_CANCEL_THROTTLE.key());
        this.bound = Duration.ofSeconds(options.positive(NemesisSettings.REASSIGN_TIMEOUT_SECONDS.key()));
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<Map<Integer, Reassigning>> ongoing = ctx.operations().reassignments();
        if (ongoing.isEmpty()) return Fault.NONE;
        List<Integer> candidates = new ArrayList<>();
        for (int p = 0; p < ctx.topic().partitions(); p++) {
            if (!ongoing.get().containsKey(p) && ctx.topic().leader(p).isPresent()
                    && ReassignShape.REPLACE.apply(ctx.topic().replicas(p), ctx.cluster().nodeIds(), ctx.random()).isPresent()) candidates.add(p);
        }
        if (candidates.isEmpty()) return Fault.NONE;
        int p = ctx.pick(candidates);
        List<Integer> replicas = ctx.topic().replicas(p);
        List<Integer> target = ReassignShape.REPLACE.apply(replicas, ctx.cluster().nodeIds(), ctx.random()).orElseThrow();
        Move<Integer> move = Move.ofWorkload(ctx, Map.of(p, replicas), Map.of(p, target), throttle, bound);
        ObjectNode v = move.value();
        v.put("shape", ReassignShape.REPLACE.word());
        ctx.recorder().record(NemesisOps.THROTTLED_REASSIGN.f(), v, () -> {
            ctx.operations().throttle(move.nodes(), throttle);
            ctx.operations().reassign(move.to());
            EffectWait.until("partition " + p + "'s reassignment in progress", () -> listed(ctx, p), listed -> listed,
                    listed -> "not listed as in progress (already complete, or refused)");
        });
        ObjectNode back = v.deepCopy();
        return new HealOnce("throttled reassignment of partition " + p + " " + replicas + " -> " + target, () ->
                ctx.recorder().record(NemesisOps.CANCEL_REASSIGNMENT, back, () -> cancel(ctx, move, back)));
    }

    private static boolean listed(NemesisContext ctx, int p) {
        return ctx.operations().reassignments().map(m -> m.containsKey(p)).orElse(false);
    }

    /** True when the two replica lists hold the same brokers: a cancelled move restores the old set, not always its order. */
    private static boolean sameSet(List<Integer> a, List<Integer> b) {
        return new java.util.HashSet<>(a).equals(new java.util.HashSet<>(b));
    }

    /**
     * Cancels the move if Kafka still lists it, waits until it does not, and records what stands: {@code cancelled}
     * (the old replica set back, in the order Kafka restored) or not (the move had completed first), with {@code replicas-after};
     * done once the throttle's removal is read back too.
     */
    private void cancel(NemesisContext ctx, Move<Integer> move, ObjectNode value) {
        int p = move.to().keySet().iterator().next();
        Throttles.liftAfter(ctx, move.nodes(), () -> {
            if (listed(ctx, p)) ctx.operations().cancelReassignments(Set.of(p));
            EffectWait.until("partition " + p + "'s reassignment ended", bound, () -> listed(ctx, p) ? null : ctx.topic().replicas(p),
                    r -> r != null && (sameSet(r, move.from().get(p)) || sameSet(r, move.to().get(p))), r -> r == null ? "still in progress" : "replicas " + r);
            List<Integer> after = ctx.topic().replicas(p);
            value.put("cancelled", sameSet(after, move.from().get(p)));
            after.forEach(value.putObject("replicas-after").putArray(Integer.toString(p))::add);
        });
    }
}
