package io.kchaos.harness.run;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ends a run's workload phase before its time limit: by an interrupt (Ctrl-C), or because the workload proved the
 * configuration cannot accept writes. The first stop wins; the run then heals, stops and judges what was recorded.
 */
public final class RunStop {
    /** How a run's workload phase ended early. */
    public enum Cause { INTERRUPTED, CANNOT_WRITE }

    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile Cause cause;
    private volatile String reason;

    /** Stops the run (once; later calls are ignored). */
    public synchronized void stop(Cause why, String text) {
        if (cause != null) return;
        cause = why;
        reason = text;
        stopped.countDown();
    }

    /** Waits for a stop or the time limit; returns true when stopped early. */
    public boolean await(Duration timeLimit) throws InterruptedException {
        return stopped.await(timeLimit.toNanos(), TimeUnit.NANOSECONDS);
    }

    public boolean isStopped() {
        return cause != null;
    }

    /** Why the run stopped early, or null. */
    public Cause cause() {
        return cause;
    }

    /** The stop's description, e.g. "by SIGINT after 23 s of 60", or null. */
    public String reason() {
        return reason;
    }
}
