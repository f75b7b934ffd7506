package io.kchaos.workload;

import java.util.concurrent.atomic.LongAdder;

/** Live counters a workload updates as ops complete; read by the status line. */
public final class WorkloadStats {
    public final LongAdder ok = new LongAdder();
    public final LongAdder fail = new LongAdder();
    public final LongAdder info = new LongAdder();
    public final LongAdder polled = new LongAdder();
    /** Records read by the final drain. */
    public final LongAdder drained = new LongAdder();
    /** A workload's own counts (its toString), shown after the common ones; none by default. */
    private volatile Object detail;

    /** Shows {@code counts}' toString after the common counters (a workload's own, e.g. the acl workload's grants). */
    public void detail(Object counts) {
        detail = counts;
    }

    @Override
    public String toString() {
        long d = drained.sum();
        return "ok " + ok.sum() + "  fail " + fail.sum() + "  info " + info.sum() + "  read " + polled.sum()
                + (d > 0 ? "  drained " + d : "") + (detail == null ? "" : "  " + detail);
    }
}
