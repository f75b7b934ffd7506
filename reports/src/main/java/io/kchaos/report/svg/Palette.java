package io.kchaos.report.svg;

import io.kchaos.checker.result.Verdict;
import io.kchaos.history.FaultKind;
import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.OpType;

/** The report's colors: outcomes, fault kinds and node ids. */
public final class Palette {
    public static final String OK = "#1f77b4";
    public static final String FAIL = "#d62728";
    public static final String INFO = "#ff7f0e";
    public static final String AXIS = "#444";
    public static final String GRID = "#e3e3e3";
    public static final String NO_LEADER = "#bdbdbd";
    private static final String OTHER_FAULT = "#7f7f7f";

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

    /** The shading of a fault window, by the kind of the fault's f (grey for the kinds not told apart, and unknown ops). */
    public static String fault(String f) {
        FaultKind kind = f == null ? null : NemesisOps.lookup(f).map(FaultOp::kind).orElse(null);
        if (kind == null) return OTHER_FAULT;
        return switch (kind) {
            case CRASH -> "#d62728";
            case PAUSE -> "#9467bd";
            case PARTITION -> "#8c564b";
            case LINK -> "#17becf";
            case OPERATION -> "#2ca02c";
            default -> OTHER_FAULT;
        };
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
