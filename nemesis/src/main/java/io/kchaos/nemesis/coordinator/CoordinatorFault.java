package io.kchaos.nemesis.coordinator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisContext;

/**
 * A fault aimed at a coordinator, and its undo. Applying records the fault op; healing records the heal op with the
 * same target plus {@code coordinator-after}: the node coordinating the target just before the heal, so a history
 * shows whether the coordinator moved away from the faulted node. If applying fails half way, the undo runs at once.
 */
final class CoordinatorFault implements Fault {
    private final NemesisContext ctx;
    private final CoordinatorChoice choice;
    private final String healF;
    private final ObjectNode value;
    private final String description;
    private final Runnable undo;
    private boolean healed;

    private CoordinatorFault(NemesisContext ctx, CoordinatorChoice choice, String healF, ObjectNode value, String description,
                             Runnable undo) {
        this.ctx = ctx;
        this.choice = choice;
        this.healF = healF;
        this.value = value;
        this.description = description;
        this.undo = undo;
    }

    /** Records op {@code f} around {@code apply}; returns the fault whose heal records {@code healF} around {@code undo}. */
    static Fault apply(NemesisContext ctx, CoordinatorChoice choice, String f, ObjectNode value, Runnable apply,
                       String healF, Runnable undo, String description) {
        CoordinatorFault fault = new CoordinatorFault(ctx, choice, healF, value, description, undo);
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
        ObjectNode v = value.deepCopy();
        ctx.coordinators().coordinator(choice.target()).ifPresent(n -> v.put("coordinator-after", n));
        ctx.recorder().record(healF, v, undo);
    }
}
