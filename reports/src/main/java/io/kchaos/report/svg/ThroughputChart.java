package io.kchaos.report.svg;

import io.kchaos.history.OpType;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.report.scan.Throughput;

import java.util.ArrayList;
import java.util.List;

/** Step lines of send completions per second by outcome, faults shaded; long runs are averaged over wider buckets. */
public final class ThroughputChart {
    private static final OpType[] OUTCOMES = {OpType.OK, OpType.INFO, OpType.FAIL};

    private ThroughputChart() {
    }

    public static String render(String id, double width, Throughput t, double endSeconds, List<FaultWindow> windows,
                                List<FaultWindow> events) {
        List<StepChart.Series> series = new ArrayList<>();
        for (OpType o : OUTCOMES) {
            double[] perSecond = new double[t.seconds()];
            for (int s = 0; s < perSecond.length; s++) perSecond[s] = t.count(o, s);
            series.add(new StepChart.Series(o.wire(), Palette.outcome(o), perSecond));
        }
        return StepChart.render(new StepChart.Spec(id, "Send throughput", "sends per second", StepChart.Bucket.MEAN),
                width, series, endSeconds, windows, events);
    }
}
