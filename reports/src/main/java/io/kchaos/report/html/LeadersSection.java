package io.kchaos.report.html;

import io.kchaos.history.folder.LeaderChange;
import io.kchaos.history.folder.LeadersFile;
import io.kchaos.report.svg.LeaderTimelineChart;

import java.util.HashSet;
import java.util.Set;

/** The per-partition timeline of leaders and leader epochs polled by the harness (leaders.jsonl). */
final class LeadersSection implements Section {
    private final ReportContext ctx;

    LeadersSection(ReportContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public String id() {
        return "leaders";
    }

    @Override
    public String title() {
        return "Leaders";
    }

    @Override
    public void render(Html h) {
        LeadersFile.Contents leaders = ctx.folder().leaders();
        if (!leaders.present()) {
            h.el("p", "leaders.jsonl not found: leaders unknown.", "class", "muted");
            return;
        }
        if (leaders.changes().isEmpty()) {
            h.el("p", "leaders.jsonl holds no usable line.", "class", "muted");
            return;
        }
        h.open("figure").raw(LeaderTimelineChart.render("leaders", ReportContext.CHART_WIDTH, leaders.changes(),
                ctx.endSeconds(), ctx.digest().windows(), ctx.digest().events()));
        Set<Integer> partitions = new HashSet<>();
        for (LeaderChange c : leaders.changes()) partitions.add(c.partition());
        String more = partitions.size() > LeaderTimelineChart.MAX_LANES
                ? " Only the first " + LeaderTimelineChart.MAX_LANES + " of " + partitions.size() + " partitions are drawn." : "";
        h.el("figcaption", leaders.changes().size() + " observed changes. Segment label: leader node and leader epoch; "
                + "hover a segment for its ISR." + more);
        h.close("figure");
    }
}
