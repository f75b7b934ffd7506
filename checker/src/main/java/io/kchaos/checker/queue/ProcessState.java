package io.kchaos.checker.queue;

import java.util.HashMap;
import java.util.Map;

/**
 * One client process: the f and send value of its pending invocation, and its last positions per partition as a
 * producer, as a polling consumer and as a drainer (drains read from the log start, so they are tracked apart).
 */
final class ProcessState {
    private String pendingF;
    private long pendingValue;
    private boolean pendingHasValue;
    final Map<Integer, Cursor> sends = new HashMap<>(8);
    final Map<Integer, Cursor> polls = new HashMap<>(8);
    final Map<Integer, Cursor> drains = new HashMap<>(8);

    /** The cursors of the reads done by ops named f ({@code poll} or {@code drain}). */
    Map<Integer, Cursor> readCursors(String f) {
        return QueueOps.DRAIN.equals(f) ? drains : polls;
    }

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
