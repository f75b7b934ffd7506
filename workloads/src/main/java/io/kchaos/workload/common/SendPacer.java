package io.kchaos.workload.common;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Spaces sends evenly so that all producer workers together send at most {@code ratePerSecond}; shared by the
 * workers. Time lost while workers were blocked is not made up with a burst.
 */
public final class SendPacer {
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private final long intervalNanos;
    private long next = Long.MIN_VALUE;

    /** @param ratePerSecond target total rate; 0 or less means unlimited */
    public SendPacer(double ratePerSecond) {
        this.intervalNanos = ratePerSecond > 0 ? Math.max(1, (long) (1e9 / ratePerSecond)) : 0;
    }

    /** Reserves the next send slot at or after {@code nowNanos}; returns the time the caller may send. */
    synchronized long reserve(long nowNanos) {
        if (intervalNanos == 0) return nowNanos;
        long t = next == Long.MIN_VALUE || next - nowNanos < 0 ? nowNanos : next;
        next = t + intervalNanos;
        return t;
    }

    /** Waits for the caller's turn; returns false (without waiting further) once {@code running} turns false. */
    public boolean awaitTurn(BooleanSupplier running) {
        long at = reserve(System.nanoTime());
        while (running.getAsBoolean()) {
            long wait = at - System.nanoTime();
            if (wait <= 0) return true;
            LockSupport.parkNanos(Math.min(wait, MAX_PARK_NANOS));
        }
        return false;
    }
}
