package io.kchaos.harness.run;

import java.time.Duration;

/** The time a run measures and waits on: the system's, or a test's. */
public interface RunClock {
    /** The system's monotonic clock and {@link Thread#sleep}. */
    RunClock SYSTEM = new RunClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleep(Duration d) throws InterruptedException {
            Thread.sleep(d.toMillis());
        }
    };

    long nanoTime();

    void sleep(Duration d) throws InterruptedException;
}
