package io.kchaos.harness.run;

/** The monotonic time a run measures its deadline, status line and duration on: the system's, or a test's. */
@FunctionalInterface
public interface RunClock {
    /** The system's monotonic clock. */
    RunClock SYSTEM = System::nanoTime;

    long nanoTime();
}
