package io.kchaos.nemesis.cluster;

import java.time.Duration;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The bounded wait behind every fault's {@code ok}: observes the machine until the effect holds, or throws
 * {@link FaultNotHeld} with the last observation once the bound has passed. A signal, a rule or a container state
 * takes effect within a scheduling quantum on an idle machine; {@link #BOUND} allows for a machine whose cores are
 * busy (the same 10 s of scheduling allowance {@code KafkaBounds} gives three broker JVMs on two cores).
 */
public final class EffectWait {
    /** How long an effect may take to be observed before the fault is recorded as not held. */
    public static final Duration BOUND = Duration.ofSeconds(10);
    private static final long FIRST_POLL_MS = 1;
    private static final long MAX_POLL_MS = 100;

    private EffectWait() {
    }

    /**
     * Observes until {@code holds} accepts the observation; returns it. Polls at once, then with a back-off from 1 ms
     * to 100 ms. An interrupt ends the wait: the fault is then not held (the interrupt flag is kept).
     *
     * @param effect   what should hold, in words ("node 2's threads all stopped")
     * @param describe what an observation says, for the error ("3 of 41 threads running")
     */
    public static <T> T until(String effect, Duration bound, Supplier<T> observe, Predicate<T> holds, Function<T, String> describe) {
        long deadline = System.nanoTime() + bound.toNanos();
        long pause = FIRST_POLL_MS;
        while (true) {
            T seen = observe.get();
            if (holds.test(seen)) return seen;
            if (System.nanoTime() >= deadline) {
                throw new FaultNotHeld(effect + ": not seen within " + bound.toMillis() + " ms; last seen: " + describe.apply(seen));
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new FaultNotHeld(effect + ": wait interrupted; last seen: " + describe.apply(seen));
            }
            pause = Math.min(MAX_POLL_MS, pause * 2);
        }
    }

    /** {@link #until} within {@link #BOUND}. */
    public static <T> T until(String effect, Supplier<T> observe, Predicate<T> holds, Function<T, String> describe) {
        return until(effect, BOUND, observe, holds, describe);
    }
}
