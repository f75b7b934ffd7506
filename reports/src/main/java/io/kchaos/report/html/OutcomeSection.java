package io.kchaos.report.html;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.report.Results;
import io.kchaos.report.scan.HistoryDigest;
import io.kchaos.report.scan.LatencyHistograms;

import java.util.ArrayList;
import java.util.List;

/** What was judged and how much: the history's op counts, the checker's stats, its warnings and errors. */
final class OutcomeSection implements Section {
    private final ReportContext ctx;

    OutcomeSection(ReportContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public String id() {
        return "outcome";
    }

    @Override
    public String title() {
        return "Outcome";
    }

    @Override
    public void render(Html h) {
        HistoryDigest d = ctx.digest();
        Results r = ctx.folder().results();
        LatencyHistograms o = d.overall();
        h.open("table", "class", "kv");
        h.row("td", "history lines", d.present() ? d.ops() : "unknown (no history.jsonl)");
        h.row("td", "sends ok / fail / info", o.sendOkCount() + " / " + o.sendFailCount() + " / " + o.sendInfoCount());
        h.row("td", "polls ok", o.poll().count());
        h.row("td", "invocations never completed", d.unfinished());
        h.row("td", "faults", d.windows().size());
        h.close("table");
        JsonNode stats = r.stats();
        h.el("h3", "Checker figures");
        if (stats.isObject()) {
            ObjectNode rest = stats.deepCopy();
            rest.remove(List.of(ResultsFields.Stats.REPLICAS, ResultsFields.Stats.AVAILABILITY)); // drawn in their own sections
            StatsTable.render(h, rest);
        } else {
            h.el("p", "results.json has no figures.", "class", "muted");
        }
        List<String> problems = new ArrayList<>(r.errors());
        if (d.problem() != null) problems.add(d.problem());
        list(h, "Errors", problems, "bad");
        List<String> warnings = new ArrayList<>(r.warnings());
        warnings.addAll(d.warnings());
        warnings.addAll(ctx.folder().leaders().warnings());
        list(h, "Warnings", warnings, "warn");
    }

    private static void list(Html h, String title, List<String> items, String cls) {
        if (items.isEmpty()) return;
        h.el("h3", title).open("ul", "class", cls);
        items.stream().limit(100).forEach(s -> h.el("li", s));
        if (items.size() > 100) h.el("li", "… " + (items.size() - 100) + " more");
        h.close("ul");
    }
}
