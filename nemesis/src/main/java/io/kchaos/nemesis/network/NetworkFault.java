package io.kchaos.nemesis.network;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;

/**
 * Network faults and their undo: applying records the fault op, healing records a {@code heal} op with the same
 * target value. If applying fails half way, the undo runs at once so no rule is left without a fault to heal it.
 */
final class NetworkFault {
    private NetworkFault() {
    }

    /** Records op {@code f} around {@code apply}; returns the fault whose heal runs {@code undo}. */
    static Fault apply(NemesisContext ctx, String f, ObjectNode value, String description, Runnable apply, Runnable undo) {
        return HealOnce.injected(description, () -> ctx.recorder().record(f, value, apply),
                () -> ctx.recorder().record(NemesisOps.HEAL, value, undo));
    }
}
