package io.kchaos.workload.common;

import java.util.List;

/** Joins a workload's worker threads within one shared deadline, interrupting (and briefly awaiting) any that overrun it. */
public final class WorkerThreads {
    private static final long AFTER_INTERRUPT_MILLIS = 5_000;

    private WorkerThreads() {
    }

    /** Waits up to {@code millis} in total for all threads; each still alive then is interrupted and given 5 s more. */
    public static void joinAll(List<Thread> threads, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        for (Thread t : threads) {
            t.join(Math.max(1, deadline - System.currentTimeMillis()));
            if (t.isAlive()) {
                t.interrupt();
                t.join(AFTER_INTERRUPT_MILLIS);
            }
        }
    }
}
