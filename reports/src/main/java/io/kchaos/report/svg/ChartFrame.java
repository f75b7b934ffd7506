package io.kchaos.report.svg;

import io.kchaos.report.Format;
import io.kchaos.report.scan.FaultWindow;

import java.util.ArrayList;
import java.util.List;

/**
 * The common frame of the report's time charts: title and legend, fault windows shaded over the plot and labelled
 * above it (on up to three rows, so labels do not overlap), grid, ticks and axis labels. The x axis runs from 0 to
 * {@code endSeconds}: seconds since the run started (or, on the dashboard, run numbers); the caller picks the y scale
 * once {@link #plotTop()} and {@link #plotBottom()} are known.
 */
public final class ChartFrame {
    /** One entry of the legend. */
    public record LegendItem(String label, String color) {
    }

    /** The y axis: scale, label, and whether to draw horizontal grid lines. */
    public record YAxis(Scale scale, String label, boolean grid) {
    }

    private static final double LEFT = 72;
    private static final double RIGHT = 24;
    private static final double HEADER = 24;
    private static final double LABEL_ROW = 14;
    private static final double BOTTOM = 44;
    private static final double CHAR_WIDTH = 6.4;
    private static final int MAX_LABEL_ROWS = 3;
    private static final double SHADE_OPACITY = 0.14;

    private record Placed(FaultWindow window, String text, int row) {
    }

    private final String id;
    private final double width;
    private final double plotTop;
    private final double plotBottom;
    private final double height;
    private final double endSeconds;
    private final LinearScale x;
    private final List<FaultWindow> windows;
    private final List<FaultWindow> events;
    private final List<Placed> labels = new ArrayList<>();

    /**
     * @param id     unique within the page (used for the clip path)
     * @param endSeconds the run's length; the x axis spans [0, endSeconds]
     */
    public ChartFrame(String id, double width, double plotHeight, double endSeconds, List<FaultWindow> windows,
                      List<FaultWindow> events) {
        this.id = id;
        this.width = width;
        this.endSeconds = Math.max(endSeconds, 1e-3);
        this.windows = windows;
        this.events = events;
        this.x = new LinearScale(0, this.endSeconds, LEFT, width - RIGHT);
        int rows = placeLabels();
        this.plotTop = HEADER + rows * LABEL_ROW + (rows > 0 ? 6 : 0);
        this.plotBottom = plotTop + plotHeight;
        this.height = plotBottom + BOTTOM;
    }

    /** Greedy: each label goes on the first row where it does not overlap the previous one; else a short "#n"; else none. */
    private int placeLabels() {
        double[] rowEnd = new double[MAX_LABEL_ROWS];
        java.util.Arrays.fill(rowEnd, Double.NEGATIVE_INFINITY);
        int used = 0;
        List<FaultWindow> all = new ArrayList<>(windows);
        all.addAll(events);
        all.sort(java.util.Comparator.comparingLong(FaultWindow::start));
        for (FaultWindow w : all) {
            double x0 = Math.max(LEFT, x.apply(w.start() / 1e9));
            String full = w.label() + (w.healed() || w.number() == 0 ? "" : " (not healed)");
            for (String text : new String[] {full, w.number() > 0 ? "#" + w.number() : null}) {
                if (text == null) continue;
                double textEnd = x0 + 3 + text.length() * CHAR_WIDTH;
                int row = freeRow(rowEnd, x0, textEnd);
                if (row >= 0) {
                    rowEnd[row] = textEnd + 4;
                    labels.add(new Placed(w, text, row));
                    used = Math.max(used, row + 1);
                    break;
                }
            }
        }
        return used;
    }

    private int freeRow(double[] rowEnd, double x0, double textEnd) {
        if (textEnd > width) return -1;
        for (int r = 0; r < rowEnd.length; r++) {
            if (rowEnd[r] <= x0) return r;
        }
        return -1;
    }

    public double plotTop() {
        return plotTop;
    }

    public double plotBottom() {
        return plotBottom;
    }

    public double left() {
        return LEFT;
    }

    public double right() {
        return width - RIGHT;
    }

    /** The x position of a time in seconds since the run started. */
    public double x(double seconds) {
        return x.apply(seconds);
    }

    /** Starts the chart: everything behind the data. Draw the data inside {@link #openPlot}/{@code close("g")}. */
    public Svg begin(String title, String xLabel, YAxis y, List<LegendItem> legend) {
        Svg svg = new Svg(width, height, title);
        svg.open("defs").open("clipPath", "id", id + "-clip").rect(LEFT, plotTop, right() - LEFT, plotBottom - plotTop)
                .close("clipPath").close("defs");
        svg.rect(0, 0, width, height, "fill", "#fff");
        svg.text(LEFT, 16, title, "font-size", "13", "font-weight", "bold", "fill", "#222");
        legend(svg, legend);
        grid(svg, y);
        shadeFaults(svg);
        axes(svg, xLabel, y.label());
        return svg;
    }

    private void legend(Svg svg, List<LegendItem> items) {
        double xr = right();
        for (int i = items.size() - 1; i >= 0; i--) {
            LegendItem it = items.get(i);
            double w = it.label().length() * CHAR_WIDTH + 18;
            xr -= w;
            svg.rect(xr, 7, 10, 10, "fill", it.color());
            svg.text(xr + 14, 16, it.label(), "font-size", "11", "fill", "#222");
            xr -= 8;
        }
    }

    private void grid(Svg svg, YAxis y) {
        for (Tick t : y.scale().ticks()) {
            double py = y.scale().apply(t.value());
            if (py < plotTop - 0.5 || py > plotBottom + 0.5) continue;
            if (y.grid()) svg.line(LEFT, py, right(), py, "stroke", Palette.GRID);
            svg.line(LEFT - 4, py, LEFT, py, "stroke", Palette.AXIS);
            svg.text(LEFT - 7, py + 4, t.label(), "font-size", "11", "text-anchor", "end", "fill", Palette.AXIS);
        }
        for (Tick t : x.ticks()) {
            double px = x.apply(t.value());
            svg.line(px, plotTop, px, plotBottom, "stroke", Palette.GRID);
            svg.line(px, plotBottom, px, plotBottom + 4, "stroke", Palette.AXIS);
            svg.text(px, plotBottom + 17, t.label(), "font-size", "11", "text-anchor", "middle", "fill", Palette.AXIS);
        }
    }

    private void shadeFaults(Svg svg) {
        for (FaultWindow w : windows) {
            double x0 = Math.max(LEFT, x.apply(w.start() / 1e9));
            double x1 = Math.min(right(), Math.max(x0 + 1.5, x.apply(w.end() / 1e9)));
            String color = Palette.fault(w.f());
            svg.open("g");
            svg.title("#" + w.number() + " " + w.label() + ": " + Format.seconds(w.start()) + " s to " + Format.seconds(w.end())
                    + " s" + (w.healed() ? " (healed by " + w.healedBy() + ")" : " (not healed before the end)"));
            svg.rect(x0, plotTop, x1 - x0, plotBottom - plotTop, "fill", color, "fill-opacity", SHADE_OPACITY);
            svg.line(x0, plotTop, x0, plotBottom, "stroke", color, "stroke-opacity", 0.7);
            if (!w.healed()) svg.line(x1, plotTop, x1, plotBottom, "stroke", color, "stroke-dasharray", "4 3");
            svg.close("g");
        }
        for (FaultWindow e : events) {
            double px = Math.max(LEFT, Math.min(right(), x.apply(e.start() / 1e9)));
            svg.open("g").title(e.label() + " at " + Format.seconds(e.start()) + " s");
            svg.line(px, plotTop, px, plotBottom, "stroke", "#555", "stroke-dasharray", "2 3");
            svg.close("g");
        }
        for (Placed p : labels) {
            double px = Math.max(LEFT, x.apply(p.window().start() / 1e9));
            double py = HEADER + p.row() * LABEL_ROW + 11;
            String color = p.window().number() == 0 ? "#555" : Palette.fault(p.window().f());
            svg.line(px, py - 10, px, plotTop, "stroke", color, "stroke-opacity", 0.5);
            svg.text(px + 3, py, p.text(), "font-size", "11", "fill", darker(color));
        }
    }

    private static String darker(String hex) {
        int c = Integer.parseInt(hex.substring(1), 16);
        int r = (c >> 16 & 0xff) * 7 / 10;
        int g = (c >> 8 & 0xff) * 7 / 10;
        int b = (c & 0xff) * 7 / 10;
        return String.format("#%02x%02x%02x", r, g, b);
    }

    private void axes(Svg svg, String xLabel, String yLabel) {
        svg.line(LEFT, plotTop, LEFT, plotBottom, "stroke", Palette.AXIS);
        svg.line(LEFT, plotBottom, right(), plotBottom, "stroke", Palette.AXIS);
        svg.text((LEFT + right()) / 2, plotBottom + 36, xLabel, "font-size", "12", "text-anchor", "middle", "fill", "#222");
        double cy = (plotTop + plotBottom) / 2;
        svg.text(16, cy, yLabel, "font-size", "12", "text-anchor", "middle", "fill", "#222",
                "transform", "rotate(-90 16 " + Svg.num(cy) + ")");
    }

    /** Opens the group that clips the data to the plot area. */
    public Svg openPlot(Svg svg) {
        return svg.open("g", "clip-path", "url(#" + id + "-clip)");
    }

    /** A centred note inside the plot, e.g. when there is nothing to draw. */
    public void note(Svg svg, String text) {
        svg.text((LEFT + right()) / 2, (plotTop + plotBottom) / 2, text, "font-size", "13", "text-anchor", "middle",
                "fill", "#777");
    }
}
