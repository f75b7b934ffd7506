package io.kchaos.report.scan;

import io.kchaos.history.OpType;
import org.HdrHistogram.Histogram;

/** HdrHistograms (microseconds) of acknowledged sends and successful polls, with the counts of send outcomes. */
public final class LatencyHistograms {
    private static final long MAX_MICROS = 3_600_000_000L;

    private final Histogram sendOk;
    private final Histogram pollOk;
    private long sendFail;
    private long sendInfo;

    /** @param significantDigits 3 for the run overall, 2 for the many per-window histograms (1 % precision) */
    LatencyHistograms(int significantDigits) {
        sendOk = new Histogram(significantDigits);
        pollOk = new Histogram(significantDigits);
    }

    void send(OpType type, long latencyNanos) {
        switch (type) {
            case OK -> sendOk.recordValue(micros(latencyNanos));
            case FAIL -> sendFail++;
            default -> sendInfo++;
        }
    }

    void poll(long latencyNanos) {
        pollOk.recordValue(micros(latencyNanos));
    }

    private static long micros(long nanos) {
        return Math.max(0, Math.min(MAX_MICROS, nanos / 1000));
    }

    public Percentiles send() {
        return Percentiles.of(sendOk);
    }

    public Percentiles poll() {
        return Percentiles.of(pollOk);
    }

    public long sendOkCount() {
        return sendOk.getTotalCount();
    }

    public long sendFailCount() {
        return sendFail;
    }

    public long sendInfoCount() {
        return sendInfo;
    }
}
