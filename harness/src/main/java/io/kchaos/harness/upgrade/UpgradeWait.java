package io.kchaos.harness.upgrade;

import java.io.PrintStream;
import java.time.Duration;

/**
 * How a run's main thread ends its wait for a rolling upgrade: at the time limit it waits on as long as the upgrade
 * still runs (an upgrade is never cut off half way), within a bound; on an early stop it ends the upgrade.
 */
public final class UpgradeWait {
    private static final Duration BOUND = Duration.ofMinutes(15);

    private UpgradeWait() {
    }

    /** After the time limit (or a failure): waits for the upgrade to finish; past the bound it is interrupted (its failure then says so). */
    public static void finish(RollingUpgrade upgrade, PrintStream out) throws InterruptedException {
        if (upgrade.failure() != null) {
            out.println("rolling upgrade failed: " + upgrade.failure());
            return;
        }
        if (upgrade.isDone()) return;
        out.println("time limit reached while the rolling upgrade runs (" + upgrade.status() + "): waiting for it to finish");
        if (!upgrade.awaitDone(BOUND)) abandon(upgrade);
    }

    /** Ends the upgrade now (an early stop); a node being switched is still started again. */
    public static void abandon(RollingUpgrade upgrade) throws InterruptedException {
        upgrade.interrupt();
        upgrade.awaitDone(Duration.ofMinutes(1));
    }
}
