package io.kchaos.report.scan;

import io.kchaos.history.OpType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Downsamples send completions for a scatter plot: one point per cell of a grid (time × 1/16 decade of latency × outcome),
 * the cell width doubling whenever the points exceed the cap. Rare outcomes and outliers keep their own cells, so they
 * stay visible however many ops there are. The point kept for a cell is chosen by a hash of its time and latency, so
 * kept points spread over the cell instead of lining up at its left edge, and the choice is the same on every run.
 */
public final class LatencyPoints {
    /** A completion: time in ns since the run started, latency in ns. */
    public record Point(long time, long latency, OpType type) {
    }

    private static final int Y_CELLS_PER_DECADE = 16;
    private static final int Y_OFFSET = 512;
    private static final long INITIAL_CELL_NANOS = 1_000_000L;

    private final int cap;
    private long cellNanos = INITIAL_CELL_NANOS;
    private Map<Long, Point> cells = new HashMap<>();
    private final long[] totals = new long[OpType.values().length];

    public LatencyPoints(int cap) {
        this.cap = cap;
    }

    void add(long time, long latency, OpType type) {
        totals[type.ordinal()]++;
        Point p = new Point(time, latency, type);
        cells.merge(key(p), p, LatencyPoints::representative);
        if (cells.size() > cap) coarsen();
    }

    private static Point representative(Point a, Point b) {
        long ha = mix(a.time() * 31 + a.latency());
        long hb = mix(b.time() * 31 + b.latency());
        return ha < hb || ha == hb && a.time() <= b.time() ? a : b;
    }

    /** A 64-bit finaliser (SplitMix64): neighbouring inputs give unrelated outputs. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private long key(Point p) {
        double ms = Math.max(p.latency(), 1) / 1e6;
        long y = Math.max(0, Math.min(1023, (long) Math.floor(Math.log10(ms) * Y_CELLS_PER_DECADE) + Y_OFFSET));
        return ((p.time() / cellNanos) << 12) | (y << 2) | p.type().ordinal();
    }

    private void coarsen() {
        while (cells.size() > cap) {
            cellNanos *= 2;
            Map<Long, Point> next = new HashMap<>(cells.size());
            for (Point p : cells.values()) next.merge(key(p), p, LatencyPoints::representative);
            cells = next;
        }
    }

    /** The kept points, ok first then info then fail, so the rarer outcomes are drawn on top. */
    public List<Point> points() {
        List<Point> out = new ArrayList<>(cells.values());
        out.sort(Comparator.comparingInt((Point p) -> drawOrder(p.type())).thenComparingLong(Point::time));
        return out;
    }

    private static int drawOrder(OpType t) {
        return switch (t) {
            case OK -> 0;
            case INFO -> 1;
            default -> 2;
        };
    }

    /** All completions of that outcome seen, kept or not. */
    public long total(OpType type) {
        return totals[type.ordinal()];
    }

    /** Width of a grid cell in ns (the time resolution of the plot). */
    public long cellNanos() {
        return cellNanos;
    }
}
