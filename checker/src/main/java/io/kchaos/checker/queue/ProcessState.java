package io.kchaos.checker.queue;

/** One client process as the queue pass pairs its ops: the f and send value of its pending invocation. */
final class ProcessState {
    private String pendingF;
    private long pendingValue;
    private boolean pendingHasValue;

    void invoked(String f) {
        pendingF = f;
        pendingHasValue = false;
    }

    void invokedSend(long value) {
        pendingF = QueueOps.SEND;
        pendingValue = value;
        pendingHasValue = true;
    }

    /** The f of the pending invocation, or null when idle. */
    String pendingF() {
        return pendingF;
    }

    boolean pendingHasValue() {
        return pendingHasValue;
    }

    long pendingValue() {
        return pendingValue;
    }

    void completed() {
        pendingF = null;
        pendingHasValue = false;
    }
}
