package io.kchaos.report.svg;

import io.kchaos.checker.result.Verdict;
import io.kchaos.history.OpType;

/** The report's colors: outcomes, fault kinds and node ids. */
public final class Palette {
    public static final String OK = "#1f77b4";
    public static final String FAIL = "#d62728";
    public static final String INFO = "#ff7f0e";
    public static final String AXIS = "#444";
    public static final String GRID = "#e3e3e3";
    public static final String NO_LEADER = "#bdbdbd";

    private static final String[] NODES = {"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#edc948", "#76b7b2", "#ff9da7",
        "#9c755f", "#e15759", "#bab0ac"};

    private Palette() {
    }

    public static String outcome(OpType t) {
        return switch (t) {
            case OK -> OK;
            case FAIL -> FAIL;
            default -> INFO;
        };
    }

    /** A run's point in a trend, by verdict: green valid, red anomalies, orange could not judge. */
    public static String verdict(Verdict v) {
        return switch (v) {
            case VALID -> "#2e7d32";
            case INVALID -> "#c62828";
            default -> "#ef6c00";
        };
    }

    /** The shading of a fault window, by the fault's f. */
    public static String fault(String f) {
        if (f == null) return "#7f7f7f";
        if (f.startsWith("kill") || f.equals("crash") || f.equals("stop")) return "#d62728";
        if (f.equals("pause")) return "#9467bd";
        if (f.startsWith("partition") || f.equals("isolate") || f.equals("bridge")) return "#8c564b";
        if (f.equals("slow") || f.equals("flaky") || f.equals("delay") || f.equals("loss") || f.equals("corrupt")) return "#17becf";
        return "#7f7f7f";
    }

    /** The color of the i-th line of a chart with several (e.g. one per partition). */
    public static String series(int i) {
        return NODES[Math.floorMod(i, NODES.length)];
    }

    /** A node's color in the leader timeline; -1 (no leader) is grey. */
    public static String node(int id) {
        return id < 0 ? NO_LEADER : NODES[Math.floorMod(id, NODES.length)];
    }
}
