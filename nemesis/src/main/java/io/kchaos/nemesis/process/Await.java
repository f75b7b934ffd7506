package io.kchaos.nemesis.process;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Polls a condition of the cluster's metadata until it holds or a deadline passes; an interrupt ends the wait early. */
public final class Await {
    private static final long POLL_MS = 250;

    private Await() {
    }

    /** True once {@code condition} holds; false on timeout or interrupt (the interrupt flag is kept). */
    public static boolean until(BooleanSupplier condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (condition.getAsBoolean()) return true;
            if (System.nanoTime() >= deadline || !sleep(Duration.ofMillis(POLL_MS))) return false;
        }
    }

    /**
     * Runs a repair (resume, start) with the interrupt flag cleared, then restores it: a pending interrupt must not
     * abort the signal or process start that puts the cluster back together.
     */
    public static void uninterruptibly(Runnable repair) {
        boolean interrupted = Thread.interrupted();
        try {
            repair.run();
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** Sleeps; false if interrupted (the interrupt flag is kept). */
    public static boolean sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
