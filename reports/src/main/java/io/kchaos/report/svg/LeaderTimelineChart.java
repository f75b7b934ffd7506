package io.kchaos.report.svg;

import io.kchaos.report.Format;
import io.kchaos.history.folder.LeaderChange;
import io.kchaos.report.scan.FaultWindow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One lane per partition: segments coloured by the leader node and labelled with the leader epoch, a red strip under
 * the segments whose ISR is smaller than the largest seen for that partition, faults shaded behind.
 */
public final class LeaderTimelineChart {
    /** Lanes drawn at most; the report says when partitions were left out. */
    public static final int MAX_LANES = 64;
    private static final double BAND = 24;
    private static final double CHAR_WIDTH = 6.2;
    private static final String SHRUNK = "#c62828";

    private LeaderTimelineChart() {
    }

    public static String render(String id, double width, List<LeaderChange> changes, double endSeconds,
                                List<FaultWindow> windows, List<FaultWindow> events) {
        Map<Integer, List<LeaderChange>> byPartition = new TreeMap<>();
        TreeSet<Integer> leaders = new TreeSet<>();
        for (LeaderChange c : changes) {
            if (byPartition.size() >= MAX_LANES && !byPartition.containsKey(c.partition())) continue;
            byPartition.computeIfAbsent(c.partition(), p -> new ArrayList<>()).add(c);
            leaders.add(c.leader());
        }
        List<String> names = new ArrayList<>();
        byPartition.keySet().forEach(p -> names.add("p" + p));
        ChartFrame frame = new ChartFrame(id, width, Math.max(1, names.size()) * BAND, endSeconds, windows, events);
        BandScale y = new BandScale(names, frame.plotTop(), BAND);
        List<ChartFrame.LegendItem> legend = new ArrayList<>();
        for (int n : leaders) legend.add(new ChartFrame.LegendItem(n < 0 ? "no leader" : "node " + n, Palette.node(n)));
        legend.add(new ChartFrame.LegendItem("ISR shrunk", SHRUNK));
        Svg svg = frame.begin("Partition leaders (label: leader epoch)", "time since start (s)",
                new ChartFrame.YAxis(y, "partition", false), legend);
        frame.openPlot(svg);
        int lane = 0;
        for (Map.Entry<Integer, List<LeaderChange>> e : byPartition.entrySet()) {
            lane(svg, frame, y, lane++, e.getKey(), e.getValue(), endSeconds);
        }
        svg.close("g");
        return svg.finish();
    }

    private static void lane(Svg svg, ChartFrame frame, BandScale y, int lane, int partition, List<LeaderChange> cs,
                             double endSeconds) {
        int maxIsr = cs.stream().mapToInt(c -> c.isr().size()).max().orElse(0);
        double top = y.laneTop(lane) + 3;
        double h = y.band() - 9;
        for (int i = 0; i < cs.size(); i++) {
            LeaderChange c = cs.get(i);
            double from = Math.max(0, c.time() / 1e9);
            double to = i + 1 < cs.size() ? cs.get(i + 1).time() / 1e9 : endSeconds;
            double x0 = frame.x(from);
            double x1 = Math.max(x0 + 1, frame.x(to));
            svg.open("g");
            svg.title("p" + partition + ": leader " + (c.leader() < 0 ? "none" : c.leader()) + ", epoch "
                    + (c.epoch() < 0 ? Format.UNKNOWN : c.epoch()) + ", isr " + c.isr() + ", " + Format.decimal(from, 3)
                    + " s to " + Format.decimal(to, 3) + " s");
            svg.rect(x0, top, x1 - x0, h, "fill", Palette.node(c.leader()), "stroke", "#fff", "stroke-width", 0.5);
            if (!c.isr().isEmpty() && c.isr().size() < maxIsr) svg.rect(x0, top + h + 1, x1 - x0, 3, "fill", SHRUNK);
            String label = segmentLabel(c, x1 - x0);
            if (label != null) svg.text(x0 + 3, top + h - 4, label, "font-size", "10", "fill", "#111");
            svg.close("g");
        }
    }

    private static String segmentLabel(LeaderChange c, double widthPx) {
        String epoch = c.epoch() < 0 ? "e?" : "e" + c.epoch();
        String full = (c.leader() < 0 ? "none " : "n" + c.leader() + " ") + epoch;
        if (full.length() * CHAR_WIDTH + 6 <= widthPx) return full;
        if (epoch.length() * CHAR_WIDTH + 6 <= widthPx) return epoch;
        return null;
    }
}
