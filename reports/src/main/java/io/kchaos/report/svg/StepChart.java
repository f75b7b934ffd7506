package io.kchaos.report.svg;

import io.kchaos.report.scan.FaultWindow;

import java.util.ArrayList;
import java.util.List;

/**
 * Step lines of per-second series (one value per second of the run) with the faults shaded; long runs are drawn over
 * wider buckets, each the mean or the maximum of its seconds.
 */
public final class StepChart {
    private static final double PLOT_HEIGHT = 220;
    private static final int MAX_BUCKETS = 600;

    /** One line: its legend label, color and a value per second. */
    public record Series(String label, String color, double[] perSecond) {
    }

    /** How a bucket of several seconds is summarised. */
    public enum Bucket { MEAN, MAX }

    /** What to draw: the chart's id (unique in the page), title, y-axis unit and how buckets are summarised. */
    public record Spec(String id, String title, String unit, Bucket bucket) {
    }

    private StepChart() {
    }

    public static String render(Spec spec, double width, List<Series> series, double endSeconds, List<FaultWindow> windows,
                                List<FaultWindow> events) {
        ChartFrame frame = new ChartFrame(spec.id(), width, PLOT_HEIGHT, endSeconds, windows, events);
        int seconds = 0;
        for (Series s : series) seconds = Math.max(seconds, s.perSecond().length);
        int bucket = Math.max(1, (seconds + MAX_BUCKETS - 1) / MAX_BUCKETS);
        int buckets = (seconds + bucket - 1) / bucket;
        double[][] values = new double[series.size()][];
        double max = 1;
        for (int k = 0; k < series.size(); k++) {
            values[k] = summarise(series.get(k).perSecond(), bucket, buckets, spec.bucket());
            for (double v : values[k]) max = Math.max(max, v);
        }
        LinearScale y = new LinearScale(0, max * 1.08, frame.plotBottom(), frame.plotTop());
        List<ChartFrame.LegendItem> legend = new ArrayList<>();
        for (Series s : series) legend.add(new ChartFrame.LegendItem(s.label(), s.color()));
        String unit = bucket == 1 ? spec.unit() : spec.unit() + " (" + spec.bucket().name().toLowerCase() + " of " + bucket + " s)";
        Svg svg = frame.begin(spec.title(), "time since start (s)", new ChartFrame.YAxis(y, unit, true), legend);
        if (buckets == 0) {
            frame.note(svg, "nothing to draw");
            return svg.finish();
        }
        frame.openPlot(svg);
        for (int k = 0; k < series.size(); k++) {
            StringBuilder d = new StringBuilder(buckets * 16).append('M');
            Svg.num(d, frame.x(0)).append(' ');
            Svg.num(d, y.apply(values[k][0]));
            for (int i = 0; i < buckets; i++) {
                d.append('V');
                Svg.num(d, y.apply(values[k][i]));
                d.append('H');
                Svg.num(d, frame.x(Math.min((i + 1) * (double) bucket, seconds)));
            }
            svg.empty("path", "d", d.toString(), "stroke", series.get(k).color(), "stroke-width", 1.6, "fill", "none");
        }
        svg.close("g");
        return svg.finish();
    }

    private static double[] summarise(double[] perSecond, int bucket, int buckets, Bucket how) {
        double[] out = new double[buckets];
        for (int i = 0; i < buckets; i++) {
            double sum = 0;
            double max = 0;
            for (int s = i * bucket; s < Math.min((i + 1) * bucket, perSecond.length); s++) {
                sum += perSecond[s];
                max = Math.max(max, perSecond[s]);
            }
            out[i] = how == Bucket.MAX ? max : sum / bucket;
        }
        return out;
    }
}
