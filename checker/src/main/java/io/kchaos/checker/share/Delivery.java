package io.kchaos.checker.share;

import io.kchaos.history.OpType;

/**
 * One delivery of a record to a share consumer: the poll that returned it (its completion, and the earliest time the
 * record can have been acquired for it), the delivery
 * count and the earliest moment its lock may expire, and how the delivery ended: the consumer's acknowledgement with
 * the broker's outcome, or the consumer leaving (crash or close) before it acknowledged.
 */
final class Delivery {
    final int process;
    final long index;
    final long time;
    final int count;
    final long lockUntil;
    /** The earliest history time the broker can have acquired it for this delivery. */
    final long acquiredAfter;
    ShareOps.AckType ack;
    OpType ackOutcome;
    long ackInvokeIndex = -1;
    long ackInvokeTime = -1;
    long ackIndex = -1;
    long ackTime = -1;
    /** The holder crashed or closed before acknowledging it: the broker releases it when the member leaves. */
    boolean left;

    Delivery(int process, long index, long time, int count, long lockUntil, long acquiredAfter) {
        this.process = process;
        this.acquiredAfter = acquiredAfter;
        this.index = index;
        this.time = time;
        this.count = count;
        this.lockUntil = lockUntil;
    }

    /** Whether an acknowledgement of {@code type} was taken, or may have been (ok, or info when {@code orMaybe}). */
    boolean acked(ShareOps.AckType type, boolean orMaybe) {
        return ack == type && (ackOutcome == OpType.OK || orMaybe && ackOutcome == OpType.INFO);
    }

    /** Whether the holder acknowledged it (any outcome) by an op invoked before history index {@code before}. */
    boolean ackInvokedBefore(long before) {
        return ackInvokeIndex >= 0 && ackInvokeIndex < before;
    }

    /** Why the record could be delivered again after this delivery (a redelivery cause of the statistics). */
    String endedBy() {
        if (ack == ShareOps.AckType.RELEASE && ackOutcome == OpType.OK) return "release";
        if (left && ack == null) return "crash";
        if (lockExpired()) return "lock-expiry";
        return "other";
    }

    /** Whether the lock surely lapsed: known, and no acknowledgement was sent before it, or it was refused. */
    boolean lockExpired() {
        if (left && ack == null) return false;
        if (ack != null && ackOutcome == OpType.FAIL) return true;
        return lockUntil >= 0 && (ack == null || ackInvokeTime >= lockUntil);
    }
}
