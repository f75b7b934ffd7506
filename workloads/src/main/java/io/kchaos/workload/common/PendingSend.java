package io.kchaos.workload.common;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One invoked send awaiting its completion. Knows which thread called {@code send()} and whether that call has
 * returned, so an error can be told apart as raised inside {@code send()}; completes at most once.
 */
final class PendingSend {
    private final int process;
    private final String key;
    private final long value;
    private final String topic;
    private final Thread sendingThread = Thread.currentThread();
    private final AtomicBoolean completed = new AtomicBoolean();
    private volatile boolean sendReturned;

    PendingSend(int process, String key, long value, String topic) {
        this.process = process;
        this.key = key;
        this.value = value;
        this.topic = topic;
    }

    /** The topic the history names for this send, or null. */
    String topic() {
        return topic;
    }

    int process() {
        return process;
    }

    String key() {
        return key;
    }

    long value() {
        return value;
    }

    /** Called right after {@code producer.send} returned normally. */
    void sendReturned() {
        sendReturned = true;
    }

    /** True when the caller is inside the {@code send()} call of this record (an error raised before it returned). */
    boolean insideSend() {
        return !sendReturned && Thread.currentThread() == sendingThread;
    }

    /** Claims the right to write the completion; true only for the first caller. */
    boolean claimCompletion() {
        return completed.compareAndSet(false, true);
    }
}
