package io.kchaos.nemesis.operation;

import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.EffectWait;

import java.util.List;
import java.util.Set;

/**
 * Replication throttles lifted as a heal must be: asked for, then read back until no throttle config is left on the
 * brokers or the topic, so that a move or a cancel is not recorded done while its throttle still holds.
 */
final class Throttles {
    private Throttles() {
    }

    /** Runs {@code action}, then lifts the throttle on {@code brokers} (also when it threw; its error comes first). */
    static void liftAfter(NemesisContext ctx, Set<Integer> brokers, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            try {
                lift(ctx, brokers);
            } catch (RuntimeException l) {
                e.addSuppressed(l);
            }
            throw e;
        }
        lift(ctx, brokers);
    }

    /**
     * Removes the throttle on {@code brokers} and waits up to the context's {@code effectBound} until no throttle config
     * of theirs or the topic's is read back.
     */
    private static void lift(NemesisContext ctx, Set<Integer> brokers) {
        ctx.operations().throttle(brokers, 0);
        EffectWait.until("the replication throttle on " + brokers + " removed", ctx.effectBound(), () -> ctx.operations().throttleConfigs(brokers),
                left -> left.isPresent() && left.get().isEmpty(), left -> left.map(List::toString).orElse("unreadable"));
    }
}
