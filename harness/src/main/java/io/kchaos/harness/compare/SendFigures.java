package io.kchaos.harness.compare;

import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import org.HdrHistogram.Histogram;

import java.util.HashMap;
import java.util.Map;

/**
 * The sends of a history as an operator sees them: outcomes, refusals ({@code NotEnoughReplicasException}: the broker
 * declined the write because the ISR was below min.insync.replicas), throughput and an HdrHistogram of the latency of
 * acknowledged sends (invoke to ok, microseconds).
 */
public final class SendFigures {
    private static final long MAX_MICROS = 3_600_000_000L;
    static final String REFUSAL = "NotEnoughReplicasException";

    private final Histogram latency = new Histogram(MAX_MICROS, 3);
    private long ok;
    private long fail;
    private long info;
    private long refused;
    private long firstInvoke = Long.MAX_VALUE;
    private long lastCompletion = Long.MIN_VALUE;

    private SendFigures() {
    }

    /** One pass over the history. */
    public static SendFigures of(History history) {
        SendFigures s = new SendFigures();
        Map<Integer, Long> invoked = new HashMap<>();
        history.forEach(op -> s.add(op, invoked));
        return s;
    }

    private void add(Op op, Map<Integer, Long> invoked) {
        if (op.isNemesis() || !ClientOps.SEND.equals(op.f())) return;
        if (op.type() == OpType.INVOKE) {
            invoked.put(op.process(), op.time());
            firstInvoke = Math.min(firstInvoke, op.time());
            return;
        }
        Long start = invoked.remove(op.process());
        lastCompletion = Math.max(lastCompletion, op.time());
        switch (op.type()) {
            case OK -> {
                ok++;
                if (start != null) latency.recordValue(Math.max(0, Math.min(MAX_MICROS, (op.time() - start) / 1000)));
            }
            case FAIL -> fail++;
            default -> info++;
        }
        if (op.error() != null && op.error().contains(REFUSAL)) refused++;
    }

    public long ok() {
        return ok;
    }

    public long fail() {
        return fail;
    }

    public long info() {
        return info;
    }

    /** Sends the broker refused with NotEnoughReplicasException (not ...AfterAppend, which may have been written). */
    public long refused() {
        return refused;
    }

    public long total() {
        return ok + fail + info;
    }

    /** Share of sends acknowledged, NaN without sends. */
    public double availability() {
        return total() == 0 ? Double.NaN : (double) ok / total();
    }

    /** Acknowledged sends per second between the first send and the last completion, NaN without any. */
    public double throughput() {
        if (ok == 0 || lastCompletion <= firstInvoke) return Double.NaN;
        return ok / ((lastCompletion - firstInvoke) / 1e9);
    }

    /** Latency of acknowledged sends at a percentile (0–100), in milliseconds; NaN without any. */
    public double latencyMillis(double percentile) {
        return latency.getTotalCount() == 0 ? Double.NaN : latency.getValueAtPercentile(percentile) / 1000.0;
    }

    /** Largest acknowledged-send latency in milliseconds; NaN without any. */
    public double maxLatencyMillis() {
        return latency.getTotalCount() == 0 ? Double.NaN : latency.getMaxValue() / 1000.0;
    }
}
