package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.cluster.OperationsView.Reassigning;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code reassign-cancel}: a {@link ThrottledReassignment} of a random partition (a replica replaced by a broker outside
 * the set) throttled to {@code reassign-cancel-throttle} so it stays in progress, held once Kafka lists it; the heal
 * cancels it ({@code cancel-reassignment}), held once it is no longer listed and the old replica set is back (or, had it
 * completed first, the new one stays and the value says so) and no throttle config is read back.
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
        ThrottledReassignment move = new ThrottledReassignment(ctx, p, replicas, target, throttle, bound);
        ObjectNode v = move.value();
        v.put("shape", ReassignShape.REPLACE.word());
        ctx.recorder().record(NemesisOps.THROTTLED_REASSIGN.f(), v, move::start);
        ObjectNode back = v.deepCopy();
        return new HealOnce("throttled reassignment of partition " + p + " " + replicas + " -> " + target, () ->
                ctx.recorder().record(NemesisOps.CANCEL_REASSIGNMENT, back, () -> move.cancel(back)));
    }
}
