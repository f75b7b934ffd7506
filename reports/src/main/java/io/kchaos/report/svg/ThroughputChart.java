package io.kchaos.report.svg;

import io.kchaos.history.OpType;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.report.scan.Throughput;

import java.util.ArrayList;
import java.util.List;

/** Step lines of send completions per second by outcome, faults shaded; long runs are averaged over wider buckets. */
public final class ThroughputChart {
    private static final double PLOT_HEIGHT = 220;
    private static final int MAX_BUCKETS = 600;
    private static final OpType[] OUTCOMES = {OpType.OK, OpType.INFO, OpType.FAIL};

    private ThroughputChart() {
    }

    public static String render(String id, double width, Throughput t, double endSeconds, List<FaultWindow> windows,
                                List<FaultWindow> events) {
        ChartFrame frame = new ChartFrame(id, width, PLOT_HEIGHT, endSeconds, windows, events);
        int bucket = Math.max(1, (t.seconds() + MAX_BUCKETS - 1) / MAX_BUCKETS);
        int buckets = (t.seconds() + bucket - 1) / bucket;
        double[][] rate = new double[OUTCOMES.length][buckets];
        double max = 1;
        for (int k = 0; k < OUTCOMES.length; k++) {
            for (int i = 0; i < buckets; i++) {
                long sum = 0;
                for (int s = i * bucket; s < (i + 1) * bucket; s++) sum += t.count(OUTCOMES[k], s);
                rate[k][i] = sum / (double) bucket;
                max = Math.max(max, rate[k][i]);
            }
        }
        LinearScale y = new LinearScale(0, max * 1.08, frame.plotBottom(), frame.plotTop());
        List<ChartFrame.LegendItem> legend = new ArrayList<>();
        for (OpType o : OUTCOMES) legend.add(new ChartFrame.LegendItem(o.wire(), Palette.outcome(o)));
        String unit = bucket == 1 ? "sends per second" : "sends per second (mean of " + bucket + " s)";
        Svg svg = frame.begin("Send throughput", "time since start (s)", new ChartFrame.YAxis(y, unit, true), legend);
        if (buckets == 0) {
            frame.note(svg, "no send completed");
            return svg.finish();
        }
        frame.openPlot(svg);
        for (int k = 0; k < OUTCOMES.length; k++) {
            StringBuilder d = new StringBuilder(buckets * 16).append('M');
            Svg.num(d, frame.x(0)).append(' ');
            Svg.num(d, y.apply(rate[k][0]));
            for (int i = 0; i < buckets; i++) {
                d.append('V');
                Svg.num(d, y.apply(rate[k][i]));
                d.append('H');
                Svg.num(d, frame.x(Math.min((i + 1) * (double) bucket, t.seconds())));
            }
            svg.empty("path", "d", d.toString(), "stroke", Palette.outcome(OUTCOMES[k]), "stroke-width", 1.6, "fill", "none");
        }
        svg.close("g");
        return svg.finish();
    }
}
