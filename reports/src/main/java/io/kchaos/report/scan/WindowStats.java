package io.kchaos.report.scan;

/**
 * What happened while one fault lasted: latencies and send outcomes, and availability — the first acknowledged send
 * after the fault started, the first after it was healed, and the longest time without any acknowledged send.
 */
public final class WindowStats {
    private final LatencyHistograms latencies = new LatencyHistograms(2);
    private long firstAck = -1;
    private long firstAckBeforeCompletion = -1;
    private long firstAckAfterHeal = -1;
    private long maxGap = -1;
    private long gapStart = -1;

    void opened(long start) {
        gapStart = start;
    }

    /**
     * An acknowledged send completed at {@code time}; {@code open} tells whether the fault still lasts, {@code
     * completed} whether its op's completion was read yet (an ack before an {@code ok} completion came from a node the
     * fault did not yet hold).
     */
    void ack(long time, boolean open, boolean completed) {
        if (open) {
            if (!completed) {
                if (firstAckBeforeCompletion < 0) firstAckBeforeCompletion = time;
            } else if (firstAck < 0) {
                firstAck = time;
            }
            maxGap = Math.max(maxGap, time - gapStart);
            gapStart = time;
        } else if (firstAckAfterHeal < 0) {
            firstAckAfterHeal = time;
        }
    }

    void closed(long end) {
        if (gapStart >= 0) maxGap = Math.max(maxGap, end - gapStart);
    }

    /** True once nothing more is to be learnt from acknowledgements after the heal. */
    boolean settled() {
        return firstAckAfterHeal >= 0;
    }

    public LatencyHistograms latencies() {
        return latencies;
    }

    /**
     * Completion time of the first acknowledged send while the fault held, or -1: after its {@code ok} completion when
     * {@code held}, else (a fault whose instant of holding is unknown) from its invocation.
     */
    public long firstAck(boolean held) {
        if (held || firstAckBeforeCompletion < 0) return firstAck;
        return firstAckBeforeCompletion;
    }

    /** Completion time of the first acknowledged send after the heal, or -1. */
    public long firstAckAfterHeal() {
        return firstAckAfterHeal;
    }

    /** Longest time in the window without an acknowledged send (ns), or -1 before the window closed. */
    public long maxGap() {
        return maxGap;
    }
}
