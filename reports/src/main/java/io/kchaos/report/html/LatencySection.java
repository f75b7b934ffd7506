package io.kchaos.report.html;

import io.kchaos.report.Format;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.report.scan.HistoryDigest;
import io.kchaos.report.scan.LatencyHistograms;
import io.kchaos.report.scan.LatencyPoints;
import io.kchaos.report.scan.Percentiles;
import io.kchaos.history.OpType;
import io.kchaos.report.svg.LatencyChart;
import io.kchaos.report.svg.ThroughputChart;

/** Latency scatter and throughput charts with the faults shaded, and HdrHistogram percentiles overall and per fault. */
final class LatencySection implements Section {
    private final ReportContext ctx;

    LatencySection(ReportContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public String id() {
        return "latency";
    }

    @Override
    public String title() {
        return "Latency and throughput";
    }

    @Override
    public void render(Html h) {
        HistoryDigest d = ctx.digest();
        LatencyPoints p = d.points();
        h.open("figure").raw(LatencyChart.render("lat", ReportContext.CHART_WIDTH, p, ctx.endSeconds(), d.windows(), d.events()));
        long total = p.total(OpType.OK) + p.total(OpType.FAIL) + p.total(OpType.INFO);
        h.el("figcaption", "Every send completion at its completion time; " + p.points().size() + " of " + total
                + " drawn (one per cell of " + Format.duration(p.cellNanos()) + " × 1/16 decade per outcome).");
        h.close("figure");
        h.open("figure").raw(ThroughputChart.render("tput", ReportContext.CHART_WIDTH, d.throughput(), ctx.endSeconds(),
                d.windows(), d.events())).close("figure");
        h.el("h3", "Latency percentiles (ms)");
        h.open("table", "class", "grid num").row("th", "scope", "op", "count", "p50", "p90", "p99", "p99.9", "max");
        rows(h, "whole run", d.overall());
        for (FaultWindow w : d.windows()) rows(h, "#" + w.number() + " " + w.label(), w.stats().latencies());
        h.close("table");
        h.el("p", "send: acknowledged sends only; poll: successful polls. Per fault: ops completed while it lasted.", "class", "muted");
    }

    private static void rows(Html h, String scope, LatencyHistograms l) {
        row(h, scope, "send", l.send());
        row(h, scope, "poll", l.poll());
    }

    private static void row(Html h, String scope, String op, Percentiles p) {
        h.row("td", scope, op, p.count(), Format.millis(p.p50()), Format.millis(p.p90()), Format.millis(p.p99()),
                Format.millis(p.p999()), Format.millis(p.max()));
    }
}
