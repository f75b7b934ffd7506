package io.kchaos.nemesis.schedule;

import io.kchaos.nemesis.NemesisContext;

/**
 * A {@link FaultDriver} that injects on a daemon thread of its own: the thread, the stop flag, the status line's
 * current fault and the count of faults; stopping wakes the thread if it sleeps between steps, lets a fault or heal in
 * progress finish (an interrupted heal would leave half its rules, recorded as not held), interrupts it only past
 * {@link #FINISH_BOUND_MS}, joins it, heals what the driver itself left open, then restores the whole cluster
 * ({@link NemesisSchedule#finalHeal}).
 */
public abstract class ScheduleThread implements FaultDriver, Runnable {
    protected final NemesisContext ctx;
    private final Thread thread;
    protected volatile boolean stopping;
    protected volatile String current = "none";
    protected volatile int injected;
    private volatile boolean sleeping;
    /** How long a stop waits for a step in progress before it interrupts it. */
    static final long FINISH_BOUND_MS = 60_000;

    protected ScheduleThread(NemesisContext ctx, String threadName) {
        this.ctx = ctx;
        this.thread = new Thread(this, threadName);
        this.thread.setDaemon(true);
    }

    @Override
    public void start() {
        thread.start();
    }

    @Override
    public String currentFault() {
        return current;
    }

    @Override
    public int injected() {
        return injected;
    }

    /** Heals the fault the driver holds open right now, if any (called after its thread ended). */
    protected void healActive() {
    }

    /** Sleeps {@code ms} between steps, woken early by a stop; false when stopping. */
    protected boolean pause(long ms) {
        sleeping = true;
        try {
            if (stopping) return false;
            Thread.sleep(ms);
            return !stopping;
        } catch (InterruptedException e) {
            return false;
        } finally {
            sleeping = false;
        }
    }

    @Override
    public void stopAndHeal() throws InterruptedException {
        stopping = true;
        if (sleeping) thread.interrupt();
        thread.join(FINISH_BOUND_MS);
        if (thread.isAlive()) {
            thread.interrupt();
            thread.join(FINISH_BOUND_MS);
        }
        healActive();
        NemesisSchedule.finalHeal(ctx);
    }
}
