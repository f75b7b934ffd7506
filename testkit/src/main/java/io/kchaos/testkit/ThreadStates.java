package io.kchaos.testkit;

import java.time.Duration;

/**
 * Deterministic "nothing more happens" checks for tests: instead of sleeping and hoping, wait until a thread is parked
 * inside a given method, from where it cannot go on until the test lets it.
 */
public final class ThreadStates {
    private ThreadStates() {
    }

    /**
     * Waits until {@code thread} waits (WAITING or TIMED_WAITING) inside {@code method} of {@code type}; AssertionError
     * after {@code timeout}.
     */
    public static void awaitParkedIn(Thread thread, Class<?> type, String method, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!parkedIn(thread, type.getName(), method)) {
            if (System.nanoTime() > deadline) throw new AssertionError(thread.getName() + " never waited in " + type.getSimpleName() + "." + method);
            Thread.sleep(1);
        }
    }

    private static boolean parkedIn(Thread thread, String type, String method) {
        Thread.State s = thread.getState();
        if (s != Thread.State.WAITING && s != Thread.State.TIMED_WAITING) return false;
        for (StackTraceElement e : thread.getStackTrace()) {
            if (e.getClassName().equals(type) && e.getMethodName().equals(method)) return true;
        }
        return false;
    }
}
