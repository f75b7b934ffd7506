package io.kchaos.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Op;
import io.kchaos.report.ExampleFields;
import io.kchaos.report.Format;
import io.kchaos.report.Results;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/** The history lines around every example, one table per contiguous run of lines; each line has an anchor id. */
final class ExcerptsSection implements Section {
    private static final int MAX_VALUE = 600;

    private final SortedMap<Long, Op> lines;
    private final Map<Long, Set<String>> citedBy = new TreeMap<>();

    ExcerptsSection(ReportContext ctx) {
        this.lines = ctx.digest().excerpts();
        for (Results.Anomaly a : ctx.folder().results().anomalies().values()) {
            for (JsonNode ex : ExampleFields.shown(a)) {
                List<Long> all = new ArrayList<>(ExampleFields.otherIndices(ex));
                ExampleFields.index(ex).ifPresent(all::add);
                for (long i : all) citedBy.computeIfAbsent(i, k -> new LinkedHashSet<>()).add(a.type());
            }
        }
    }

    @Override
    public String id() {
        return "history";
    }

    @Override
    public String title() {
        return "History excerpts";
    }

    @Override
    public void render(Html h) {
        if (lines.isEmpty()) {
            h.el("p", citedBy.isEmpty() ? "No example points into the history." : "The lines the examples point at are not in the history.",
                    "class", "muted");
            return;
        }
        h.el("p", "±" + io.kchaos.report.scan.HistoryScan.EXCERPT_RADIUS + " lines around each example; highlighted lines are "
                + "cited by an anomaly.", "class", "muted");
        long previous = Long.MIN_VALUE;
        boolean open = false;
        for (Op op : lines.values()) {
            if (op.index() != previous + 1) {
                if (open) h.close("table");
                h.open("table", "class", "grid hist").row("th", "index", "time (s)", "process", "type", "f", "value", "error", "cited by");
                open = true;
            }
            line(h, op);
            previous = op.index();
        }
        if (open) h.close("table");
    }

    private void line(Html h, Op op) {
        Set<String> cited = citedBy.get(op.index());
        h.open("tr", "id", Anchors.historyLine(op.index()), "class", cited == null ? "" : "hit");
        h.el("td", op.index()).el("td", Format.seconds(op.time())).el("td", Anchors.process(op));
        h.el("td", op.type().wire(), "class", "t-" + op.type().wire()).el("td", op.f());
        h.el("td", Format.clip(op.value().toString(), MAX_VALUE), "class", "mono");
        h.el("td", op.error() == null ? "" : op.error(), "class", "mono");
        h.open("td");
        if (cited != null) cited.forEach(t -> h.link("#" + Anchors.anomaly(t), t).text(" "));
        h.close("td").close("tr");
    }
}
