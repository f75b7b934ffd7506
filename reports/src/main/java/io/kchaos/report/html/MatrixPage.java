package io.kchaos.report.html;

import io.kchaos.checker.result.Verdict;
import io.kchaos.report.Format;
import io.kchaos.report.MatrixCell;
import io.kchaos.report.MatrixExpectations;
import io.kchaos.report.VerdictCounts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The matrix page: a grid whose columns are the values of the last setting that varies and whose rows are the
 * combinations of the others, each cell coloured by verdict and linking to its run's report; then every cell in full.
 */
public final class MatrixPage {
    private static final String NONE = "—";

    private MatrixPage() {
    }

    /** The page of a matrix whose cells are judged against {@code expectations} ({@link MatrixExpectations#NONE} for none). */
    public static String render(List<MatrixCell> cells, MatrixExpectations expectations) {
        Html h = new Html();
        PageStyle.begin(h, "kchaos matrix");
        h.el("h1", "kchaos matrix");
        summary(h, cells, expectations);
        h.open("section", "id", "grid").el("h2", "Grid");
        grid(h, cells);
        h.el("p", "p99: send latency p99 (acknowledged sends); gap: the longest time without an acknowledged send during "
                + "a fault. Each cell links to its run's report.", "class", "muted");
        h.close("section");
        h.open("section", "id", "cells").el("h2", "All cells");
        table(h, cells);
        h.close("section");
        PageStyle.end(h);
        return h.toString();
    }

    private static void summary(Html h, List<MatrixCell> cells, MatrixExpectations expectations) {
        VerdictCounts counts = VerdictCounts.of(cells.stream().map(MatrixCell::verdict).toList());
        banner(h, expectations, counts, "cells");
    }

    /** The matrix's banner: expectations met or unmet first (green when all are met), the verdict counts second. */
    public static void banner(Html h, MatrixExpectations expectations, VerdictCounts counts, String unit) {
        banner(h, expectations, counts, unit, "verdicts: " + counts.text(unit));
    }

    /** As above, with the second line given ({@code countsLine}, shown when there are expectations). */
    public static void banner(Html h, MatrixExpectations expectations, VerdictCounts counts, String unit, String countsLine) {
        h.open("div", "class", "banner " + VerdictStyle.banner(expectations.status(counts)));
        h.text(expectations.headline(counts, unit));
        for (String u : expectations.unmetLines()) h.el("span", u, "class", "sub");
        if (!expectations.cells().isEmpty()) h.el("span", countsLine, "class", "sub");
        h.close("div");
    }

    private static void grid(Html h, List<MatrixCell> cells) {
        List<String> varying = varyingKeys(cells);
        String columnKey = varying.isEmpty() ? null : varying.get(varying.size() - 1);
        List<String> rowKeys = varying.isEmpty() ? List.of() : varying.subList(0, varying.size() - 1);
        Map<String, Map<String, List<MatrixCell>>> grid = new LinkedHashMap<>();
        Set<String> columns = new LinkedHashSet<>();
        for (MatrixCell c : cells) {
            String col = columnKey == null ? "cell" : columnKey + "=" + c.config().getOrDefault(columnKey, NONE);
            String row = rowKeys.isEmpty() ? (columnKey == null ? c.displayName() : "") : rowName(c, rowKeys);
            columns.add(col);
            grid.computeIfAbsent(row, r -> new LinkedHashMap<>()).computeIfAbsent(col, k -> new ArrayList<>()).add(c);
        }
        h.open("table", "class", "matrix").open("tr").el("th", "");
        columns.forEach(c -> h.el("th", c));
        h.close("tr");
        grid.forEach((row, byColumn) -> {
            h.open("tr").el("th", row);
            for (String col : columns) slot(h, byColumn.getOrDefault(col, List.of()));
            h.close("tr");
        });
        h.close("table");
    }

    private static void slot(Html h, List<MatrixCell> cs) {
        if (cs.isEmpty()) {
            h.el("td", "not run", "class", "cell c-empty");
            return;
        }
        Verdict worst = Verdict.VALID;
        for (MatrixCell c : cs) worst = worst.merge(c.verdict());
        h.open("td", "class", "cell " + VerdictStyle.cell(worst));
        for (MatrixCell c : cs) {
            if (c.reportLink() != null) h.open("a", "href", c.reportLink(), "title", c.displayName());
            h.el("strong", VerdictStyle.word(c.verdict())).empty("br");
            if (!c.anomalyCounts().isEmpty()) h.text(anomalies(c)).empty("br");
            h.el("small", "p99 " + Format.millis(c.p99Millis()) + " ms · gap " + gap(c));
            if (c.reportLink() != null) h.close("a");
        }
        h.close("td");
    }

    private static void table(Html h, List<MatrixCell> cells) {
        h.open("table", "class", "grid").row("th", "cell", "config", "verdict", "anomalies", "send p99 (ms)",
                "longest without ack during a fault", "report");
        for (MatrixCell c : cells) {
            StringJoiner cfg = new StringJoiner(", ");
            c.config().forEach((k, v) -> cfg.add(k + "=" + v));
            h.open("tr").el("td", c.displayName()).el("td", cfg.toString());
            h.el("td", VerdictStyle.word(c.verdict()), "class", VerdictStyle.cell(c.verdict()));
            h.el("td", c.anomalyCounts().isEmpty() ? "none" : anomalies(c)).el("td", Format.millis(c.p99Millis()));
            h.el("td", gap(c)).open("td");
            if (c.reportLink() != null) h.link(c.reportLink(), "report");
            else h.text(Format.UNKNOWN);
            h.close("td").close("tr");
        }
        h.close("table");
    }

    /** Setting names whose values differ between cells, in first-seen order. */
    static List<String> varyingKeys(List<MatrixCell> cells) {
        Set<String> keys = new LinkedHashSet<>();
        cells.forEach(c -> keys.addAll(c.config().keySet()));
        List<String> out = new ArrayList<>();
        for (String k : keys) {
            Set<String> values = new LinkedHashSet<>();
            cells.forEach(c -> values.add(c.config().getOrDefault(k, NONE)));
            if (values.size() > 1) out.add(k);
        }
        return out;
    }

    private static String rowName(MatrixCell c, List<String> keys) {
        StringJoiner j = new StringJoiner(", ");
        keys.forEach(k -> j.add(k + "=" + c.config().getOrDefault(k, NONE)));
        return j.toString();
    }

    private static String anomalies(MatrixCell c) {
        StringJoiner j = new StringJoiner(", ");
        c.anomalyCounts().forEach((t, n) -> j.add(t + " " + (n < 0 ? "?" : n)));
        return j.toString();
    }

    private static String gap(MatrixCell c) {
        return c.worstGapNanos() < 0 ? Format.UNKNOWN : Format.duration(c.worstGapNanos());
    }

}
