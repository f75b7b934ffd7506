package io.kchaos.nemesis.network;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisContext;

/**
 * An injected network fault and its undo: applying records the fault op, healing records a {@code heal} op with the
 * same target value. If applying fails half way, the undo runs at once so no rule is left without a fault to heal it.
 */
final class NetworkFault implements Fault {
    private final NemesisContext ctx;
    private final ObjectNode value;
    private final String description;
    private final Runnable undo;
    private boolean healed;

    private NetworkFault(NemesisContext ctx, ObjectNode value, String description, Runnable undo) {
        this.ctx = ctx;
        this.value = value;
        this.description = description;
        this.undo = undo;
    }

    /** Records op {@code f} around {@code apply}; returns the fault whose heal runs {@code undo}. */
    static Fault apply(NemesisContext ctx, String f, ObjectNode value, String description, Runnable apply, Runnable undo) {
        NetworkFault fault = new NetworkFault(ctx, value, description, undo);
        try {
            ctx.recorder().record(f, value, apply);
        } catch (RuntimeException e) {
            try {
                fault.heal();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return fault;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public synchronized void heal() {
        if (healed) return;
        healed = true;
        ctx.recorder().record("heal", value, undo);
    }
}
