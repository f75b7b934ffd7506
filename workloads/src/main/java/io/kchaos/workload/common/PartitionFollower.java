package io.kchaos.workload.common;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Follows the partition count of a topic that may gain partitions mid-run ({@code Admin.createPartitions}): a daemon
 * thread asks a count source every {@code periodMillis} and keeps the highest answer, so writers and readers notice
 * new partitions within a period. A failed or smaller answer leaves the count as it was (a topic never loses
 * partitions).
 */
public final class PartitionFollower implements AutoCloseable {
    /** How often the follower asks, by default. */
    public static final long DEFAULT_PERIOD_MILLIS = 2_000;

    private final Callable<Integer> source;
    private final long periodMillis;
    private final AtomicInteger count;
    private volatile boolean running = true;
    private Thread thread;

    /** A follower starting at {@code initial} partitions; {@link #start} starts asking {@code source}. */
    public PartitionFollower(int initial, Callable<Integer> source, long periodMillis) {
        this.count = new AtomicInteger(initial);
        this.source = source;
        this.periodMillis = periodMillis;
    }

    /** The highest partition count seen so far. */
    public int count() {
        return count.get();
    }

    /** Asks the source once; returns the count after the answer. */
    public int refresh() {
        try {
            Integer n = source.call();
            if (n != null) count.accumulateAndGet(n, Math::max);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // keep the count: the next period asks again
        }
        return count.get();
    }

    public synchronized void start(String name) {
        if (thread != null) return;
        thread = Clients.daemon(this::loop, name);
        thread.start();
    }

    private void loop() {
        while (running) {
            try {
                Thread.sleep(periodMillis);
            } catch (InterruptedException e) {
                return;
            }
            if (running) refresh();
        }
    }

    @Override
    public synchronized void close() {
        running = false;
        if (thread != null) thread.interrupt();
    }
}
