package io.kchaos.cluster.net;

import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Reads a device's root qdisc back ({@link RootQdisc}) until the netem delay set on it is listed, or until no netem is
 * left after a removal ({@link EffectWait}); otherwise throws {@link FaultNotHeld} with the line last listed.
 */
public final class QdiscReadback {
    private QdiscReadback() {
    }

    /**
     * Returns once {@code show} lists netem delaying by {@code delayMs} ± {@code jitterMs}.
     *
     * @param where the device and where it is, in words ("eth0 in kchaos-4242a-n1")
     */
    public static void awaitDelay(String where, Supplier<RootQdisc> show, int delayMs, int jitterMs, Duration bound) {
        EffectWait.until("netem delay " + delayMs + "ms ± " + jitterMs + "ms on " + where, bound, show,
                q -> q.delays(delayMs, jitterMs), RootQdisc::seen);
    }

    /** Returns once {@code show} lists no netem at the root. */
    public static void awaitUndelayed(String where, Supplier<RootQdisc> show, Duration bound) {
        EffectWait.until("no netem delay on " + where, bound, show, RootQdisc::undelayed, RootQdisc::seen);
    }
}
