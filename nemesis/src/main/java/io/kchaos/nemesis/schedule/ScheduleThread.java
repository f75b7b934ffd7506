package io.kchaos.nemesis.schedule;

import io.kchaos.nemesis.NemesisContext;

/**
 * A {@link FaultDriver} that injects on a daemon thread of its own: the thread, the stop flag, the status line's
 * current fault and the count of faults; stopping interrupts and joins the thread, heals what the driver itself left
 * open, then restores the whole cluster ({@link NemesisSchedule#finalHeal}).
 */
public abstract class ScheduleThread implements FaultDriver, Runnable {
    protected final NemesisContext ctx;
    private final Thread thread;
    protected volatile boolean stopping;
    protected volatile String current = "none";
    protected volatile int injected;

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

    @Override
    public void stopAndHeal() throws InterruptedException {
        stopping = true;
        thread.interrupt();
        thread.join(60_000);
        healActive();
        NemesisSchedule.finalHeal(ctx);
    }
}
