package io.kchaos.report.dashboard;

import io.kchaos.checker.result.Verdict;
import io.kchaos.report.Format;
import io.kchaos.report.svg.ChartFrame;
import io.kchaos.report.svg.LinearScale;
import io.kchaos.report.svg.Palette;
import io.kchaos.report.svg.Svg;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One figure of a scenario over its runs in time order (run 1 is the oldest): a grey line through the runs that have
 * the figure, each run a dot coloured by verdict, a regression ringed in black.
 */
final class TrendChart {
    private static final double WIDTH = 580;
    private static final double PLOT_HEIGHT = 150;
    private static final String RING = "#000";

    /** What to draw: the chart's id (unique in the page), title, y-axis label and the figure of a run. */
    record Spec(String id, String title, String unit, ToDoubleFunction<StoreRun> figure) {
    }

    private TrendChart() {
    }

    static String render(Spec spec, List<StoreRun> runs, Trends trends) {
        ChartFrame frame = new ChartFrame(spec.id(), WIDTH, PLOT_HEIGHT, runs.size() + 1, List.of(), List.of());
        double max = 0;
        for (StoreRun r : runs) {
            double v = spec.figure().applyAsDouble(r);
            if (!Double.isNaN(v)) max = Math.max(max, v);
        }
        LinearScale y = new LinearScale(0, max > 0 ? max * 1.1 : 1, frame.plotBottom(), frame.plotTop());
        List<ChartFrame.LegendItem> legend = List.of(new ChartFrame.LegendItem("valid", Palette.verdict(Verdict.VALID)),
                new ChartFrame.LegendItem("anomalies", Palette.verdict(Verdict.INVALID)),
                new ChartFrame.LegendItem("unjudged", Palette.verdict(Verdict.UNKNOWN)),
                new ChartFrame.LegendItem("regression", RING));
        Svg svg = frame.begin(spec.title(), "runs in time order (1 = oldest)", new ChartFrame.YAxis(y, spec.unit(), true), legend);
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < runs.size(); i++) {
            double v = spec.figure().applyAsDouble(runs.get(i));
            if (Double.isNaN(v)) continue;
            d.append(d.length() == 0 ? 'M' : 'L');
            Svg.num(d, frame.x(i + 1)).append(' ');
            Svg.num(d, y.apply(v));
        }
        if (d.length() == 0) {
            frame.note(svg, "no run has this figure");
            return svg.finish();
        }
        frame.openPlot(svg);
        svg.empty("path", "d", d.toString(), "stroke", "#9e9e9e", "stroke-width", 1.4, "fill", "none");
        for (int i = 0; i < runs.size(); i++) dot(svg, frame.x(i + 1), y, runs.get(i), spec, trends);
        svg.close("g");
        return svg.finish();
    }

    private static void dot(Svg svg, double x, LinearScale y, StoreRun run, Spec spec, Trends trends) {
        double v = spec.figure().applyAsDouble(run);
        if (Double.isNaN(v)) return;
        List<String> flags = trends.flags(run);
        String tip = "run " + run.name() + " (" + FolderTime.show(run.started()) + "): " + Format.decimal(v, 2) + " " + spec.unit()
                + (flags.isEmpty() ? "" : " — REGRESSION: " + String.join("; ", flags));
        svg.open("g").title(tip);
        if (!flags.isEmpty()) svg.empty("circle", "cx", x, "cy", y.apply(v), "r", 8.0, "fill", "none", "stroke", RING, "stroke-width", 2.0);
        svg.empty("circle", "cx", x, "cy", y.apply(v), "r", 4.5, "fill", Palette.verdict(run.verdict()));
        svg.close("g");
    }
}
