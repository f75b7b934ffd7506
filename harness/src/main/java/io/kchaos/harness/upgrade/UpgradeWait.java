package io.kchaos.harness.upgrade;

import java.io.PrintStream;
import java.time.Duration;

/**
 * How a run's main thread waits while a rolling upgrade runs: for the time limit, cut short when the upgrade fails,
 * and past it as long as the upgrade still runs (an upgrade is never cut off half way), within a bound.
 */
public final class UpgradeWait {
    private UpgradeWait() {
    }

    /** Waits as above; on the bound's expiry interrupts the upgrade (its failure then says so). */
    public static void run(RollingUpgrade upgrade, Duration timeLimit, PrintStream out) throws InterruptedException {
        upgrade.awaitDone(timeLimit);
        if (upgrade.failure() != null) {
            out.println("rolling upgrade failed: " + upgrade.failure());
            return;
        }
        if (upgrade.isDone()) return;
        out.println("time limit reached while the rolling upgrade runs (" + upgrade.status() + "): waiting for it to finish");
        if (!upgrade.awaitDone(Duration.ofMinutes(15))) {
            upgrade.interrupt();
            upgrade.awaitDone(Duration.ofMinutes(1));
        }
    }
}
