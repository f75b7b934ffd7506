package io.kchaos.workload.common;

import java.util.Random;

/**
 * Makes a group of consumers churn on its own: at jittered intervals it tells a random member slot to end its
 * incarnation — to crash with probability {@code crashRate}, otherwise to close — and the slot starts a new consumer,
 * which joins. Used by the group and share workloads.
 */
public final class Churner implements Runnable {
    /** The group and share workloads' option of the mean churn interval (each declares its own default). */
    public static final WorkloadOption CHURN_SECONDS = WorkloadOption.number("churn-seconds", 10, 0, 3600,
            "mean seconds between the workload ending a random member, jittered (0: never)");
    /** The group and share workloads' option of how an ended member goes. */
    public static final WorkloadOption CRASH_RATE = WorkloadOption.number("crash-rate", 0.5, 0, 1,
            "the share of ended members that crash (closed at once, without leaving) rather than close cleanly");
    /** Ends member {@code slot}'s incarnation, by a crash or a clean close. */
    @FunctionalInterface
    public interface Retire {
        void retire(int slot, boolean crash);
    }

    private final int members;
    private final Retire retire;
    private final long intervalMillis;
    private final double crashRate;
    private final Random random;
    private final Thread thread;
    private volatile boolean running = true;

    public Churner(int members, Retire retire, long intervalMillis, double crashRate, long seed, String name) {
        this.members = members;
        this.retire = retire;
        this.intervalMillis = intervalMillis;
        this.crashRate = crashRate;
        this.random = new Random(seed);
        this.thread = Clients.daemon(this, name);
    }

    public void start() {
        if (intervalMillis > 0 && members > 0) thread.start();
    }

    @Override
    public void run() {
        while (running) {
            try {
                Thread.sleep((long) (intervalMillis * (0.5 + random.nextDouble())));
            } catch (InterruptedException e) {
                return;
            }
            if (!running) return;
            retire.retire(random.nextInt(members), random.nextDouble() < crashRate);
        }
    }

    public void stop() throws InterruptedException {
        running = false;
        thread.interrupt();
        if (thread.isAlive()) thread.join(2_000);
    }
}
