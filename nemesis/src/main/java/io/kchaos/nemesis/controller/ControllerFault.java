package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;

/**
 * A fault aimed at the active controller, and its undo. Applying records the fault op; healing records the heal op
 * with the same target plus {@code controller-after}: the quorum's leader and epoch just before the heal, so a history
 * shows the failover the fault caused. If applying fails half way, the undo runs at once.
 */
final class ControllerFault {
    private ControllerFault() {
    }

    /** Records op {@code f} around {@code apply}; returns the fault whose heal records {@code healF} around {@code undo}. */
    static Fault apply(NemesisContext ctx, String f, ObjectNode value, Runnable apply, String healF, Runnable undo, String description) {
        ObjectNode target = value.deepCopy();
        return HealOnce.injected(description, () -> ctx.recorder().record(f, value, apply), () -> {
            ObjectNode v = target.deepCopy();
            ActiveController.after(ctx, v);
            ctx.recorder().record(healF, v, undo);
        });
    }
}
