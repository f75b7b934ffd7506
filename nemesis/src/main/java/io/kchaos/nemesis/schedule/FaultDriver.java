package io.kchaos.nemesis.schedule;

/** What injects a run's faults while the workload runs: a seeded {@link NemesisSchedule}, or a replay of a recorded one. */
public interface FaultDriver {
    /** Starts injecting on a thread of its own. */
    void start();

    /** What fault is active right now, for the status line. */
    String currentFault();

    /** How many faults were injected so far. */
    int injected();

    /** Whether the driver has done every fault it was asked for (a fault count reached), so the run may end now. */
    default boolean done() {
        return false;
    }

    /** Stops injecting, waits for the thread, then heals everything left broken (recording each heal). */
    void stopAndHeal() throws InterruptedException;
}
