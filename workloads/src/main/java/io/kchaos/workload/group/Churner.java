package io.kchaos.workload.group;

import io.kchaos.workload.common.Clients;

import java.util.List;
import java.util.Random;

/**
 * Makes the group rebalance on its own: at jittered intervals it tells a random member to end its incarnation — to
 * crash with probability {@code crashRate}, otherwise to close — and the member starts a new consumer, which joins.
 */
final class Churner implements Runnable {
    private final List<GroupMember> members;
    private final long intervalMillis;
    private final double crashRate;
    private final Random random;
    private final Thread thread;
    private volatile boolean running = true;

    Churner(List<GroupMember> members, long intervalMillis, double crashRate, long seed) {
        this.members = members;
        this.intervalMillis = intervalMillis;
        this.crashRate = crashRate;
        this.random = new Random(seed);
        this.thread = Clients.daemon(this, "group-churn");
    }

    void start() {
        if (intervalMillis > 0 && !members.isEmpty()) thread.start();
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
            GroupMember m = members.get(random.nextInt(members.size()));
            m.retire(random.nextDouble() < crashRate ? GroupMember.Exit.CRASH : GroupMember.Exit.CLOSE);
        }
    }

    void stop() throws InterruptedException {
        running = false;
        thread.interrupt();
        if (thread.isAlive()) thread.join(2_000);
    }
}
