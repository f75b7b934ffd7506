package io.kchaos.nemesis.coordinator;

import io.kchaos.history.FaultRole;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.Coordinated;

import java.util.List;
import java.util.Optional;

/** A running node chosen because it coordinates one of the workload's transactional ids or its group. */
record CoordinatorChoice(Coordinated target, int node) {

    /** A random target of the workload and its coordinator, if it is known and running; empty otherwise. */
    static Optional<CoordinatorChoice> choose(NemesisContext ctx) {
        return choose(ctx, ctx.coordinators().targets());
    }

    /** As {@link #choose(NemesisContext)}, among the targets of kind {@code preferred} when the workload has any. */
    static Optional<CoordinatorChoice> choose(NemesisContext ctx, Coordinated.Kind preferred) {
        List<Coordinated> all = ctx.coordinators().targets();
        List<Coordinated> those = all.stream().filter(t -> t.kind() == preferred).toList();
        return choose(ctx, those.isEmpty() ? all : those);
    }

    private static Optional<CoordinatorChoice> choose(NemesisContext ctx, List<Coordinated> targets) {
        if (targets.isEmpty()) return Optional.empty();
        Coordinated target = ctx.pick(targets);
        return ctx.coordinators().coordinator(target).filter(ctx.cluster()::isRunning)
                .map(node -> new CoordinatorChoice(target, node));
    }

    /** {@code {"nodes": [2], "coordinator-of": {"transactional-id": "kchaos-txn-1"}}} */
    ObjectNode toJson() {
        ObjectNode v = NemesisRecorder.nodes(List.of(node));
        v.set("coordinator-of", target.toJson());
        FaultRole.plain(v, target.kind() == Coordinated.Kind.GROUP ? FaultRole.GROUP_COORDINATOR : FaultRole.COORDINATOR);
        return v;
    }
}
