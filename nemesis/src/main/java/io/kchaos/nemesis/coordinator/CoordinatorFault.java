package io.kchaos.nemesis.coordinator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;

/**
 * Faults aimed at a coordinator, and their undo. Applying records the fault op; healing records the heal op with the
 * same target plus {@code coordinator-after}: the node coordinating the target just before the heal, so a history
 * shows whether the coordinator moved away from the faulted node. If applying fails half way, the undo runs at once.
 */
final class CoordinatorFault {
    private CoordinatorFault() {
    }

    /** Records op {@code f} around {@code apply}; returns the fault whose heal records {@code healF} around {@code undo}. */
    static Fault apply(NemesisContext ctx, CoordinatorChoice choice, String f, ObjectNode value, Runnable apply,
                       String healF, Runnable undo, String description) {
        ObjectNode target = value.deepCopy(); // as chosen: what applying adds (a power loss's dropped bytes) stays on f
        return HealOnce.injected(description, () -> ctx.recorder().record(f, value, apply), () -> {
            ObjectNode v = target.deepCopy();
            ctx.coordinators().coordinator(choice.target()).ifPresent(n -> v.put("coordinator-after", n));
            ctx.recorder().record(healF, v, undo);
        });
    }
}
