package io.kchaos.harness.run;

/**
 * A daemon thread that calls one poll every so many milliseconds until closed; a poll that fails (the cluster may be
 * unavailable during a fault) is tried again at the next tick. Closing stops it and waits up to 5 s for the last poll.
 */
final class PollingThread implements AutoCloseable {
    /** One poll; any exception it throws is dropped until the next tick. */
    @FunctionalInterface
    interface Poll {
        void once() throws Exception;
    }

    private final Thread thread;
    private volatile boolean stopped;

    PollingThread(String name, long millis, Poll poll) {
        this.thread = new Thread(() -> {
            while (!stopped) {
                try {
                    poll.once();
                } catch (Exception e) {
                    // tried again at the next tick
                }
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, name);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
