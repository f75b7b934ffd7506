package io.kchaos.report.svg;

import io.kchaos.history.OpType;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.report.scan.LatencyPoints;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Scatter plot of send latencies (log scale) against completion time, one colour per outcome, faults shaded. */
public final class LatencyChart {
    private static final double PLOT_HEIGHT = 320;

    private LatencyChart() {
    }

    public static String render(String id, double width, LatencyPoints points, double endSeconds, List<FaultWindow> windows,
                                List<FaultWindow> events) {
        ChartFrame frame = new ChartFrame(id, width, PLOT_HEIGHT, endSeconds, windows, events);
        List<LatencyPoints.Point> pts = points.points();
        double min = Double.MAX_VALUE;
        double max = 0;
        for (LatencyPoints.Point p : pts) {
            double ms = p.latency() / 1e6;
            min = Math.min(min, ms);
            max = Math.max(max, ms);
        }
        if (pts.isEmpty()) {
            min = 1;
            max = 1000;
        }
        LogScale y = new LogScale(min, max, frame.plotBottom(), frame.plotTop());
        List<ChartFrame.LegendItem> legend = new ArrayList<>();
        for (OpType t : new OpType[] {OpType.OK, OpType.INFO, OpType.FAIL}) {
            legend.add(new ChartFrame.LegendItem(t.wire() + " (" + points.total(t) + ")", Palette.outcome(t)));
        }
        Svg svg = frame.begin("Send latency by completion time", "time since start (s)",
                new ChartFrame.YAxis(y, "latency (ms, log scale)", true), legend);
        if (pts.isEmpty()) {
            frame.note(svg, "no send completed");
            return svg.finish();
        }
        Map<OpType, StringBuilder> paths = new EnumMap<>(OpType.class);
        for (LatencyPoints.Point p : pts) {
            StringBuilder d = paths.computeIfAbsent(p.type(), t -> new StringBuilder(pts.size() * 12));
            d.append('M');
            Svg.num(d, frame.x(p.time() / 1e9)).append(' ');
            Svg.num(d, y.apply(p.latency() / 1e6)).append("h0");
        }
        frame.openPlot(svg);
        for (OpType t : new OpType[] {OpType.OK, OpType.INFO, OpType.FAIL}) {
            StringBuilder d = paths.get(t);
            if (d == null) continue;
            svg.empty("path", "d", d.toString(), "stroke", Palette.outcome(t), "stroke-width", t == OpType.OK ? 2.5 : 3.5,
                    "stroke-linecap", "round", "fill", "none");
        }
        svg.close("g");
        return svg.finish();
    }
}
