package io.kchaos.nemesis.operation;

import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.EffectWait;

import java.time.Duration;
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
        liftAfter(ctx, brokers, EffectWait.BOUND, action);
    }

    /** {@link #liftAfter(NemesisContext, Set, Runnable)} with {@code bound} for the read-back instead of {@link EffectWait#BOUND} (tests). */
    static void liftAfter(NemesisContext ctx, Set<Integer> brokers, Duration bound, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            try {
                lift(ctx, brokers, bound);
            } catch (RuntimeException l) {
                e.addSuppressed(l);
            }
            throw e;
        }
        lift(ctx, brokers, bound);
    }

    /**
     * Removes the throttle on {@code brokers} and waits up to {@code bound} until no throttle config of theirs or the
     * topic's is read back.
     */
    private static void lift(NemesisContext ctx, Set<Integer> brokers, Duration bound) {
        ctx.operations().throttle(brokers, 0);
        EffectWait.until("the replication throttle on " + brokers + " removed", bound, () -> ctx.operations().throttleConfigs(brokers),
                left -> left.isPresent() && left.get().isEmpty(), left -> left.map(List::toString).orElse("unreadable"));
    }
}
