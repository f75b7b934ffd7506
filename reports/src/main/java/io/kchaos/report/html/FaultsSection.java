package io.kchaos.report.html;

import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.ResultsFields.Availability;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.report.Format;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.report.scan.LatencyHistograms;
import io.kchaos.report.scan.WindowStats;

import java.util.List;

/**
 * The fault windows, and availability per fault: when it held, the time from then to the next acknowledged send, from
 * its heal to the first acknowledged send after it, and the longest time without one; then the checker's longest
 * stretches without an acknowledged send (results.json {@code stats.availability}), as a table.
 */
final class FaultsSection implements Section {
    private final List<FaultWindow> windows;
    private final List<FaultWindow> events;
    private final JsonNode availability;

    FaultsSection(ReportContext ctx) {
        this.windows = ctx.digest().windows();
        this.events = ctx.digest().events();
        this.availability = ctx.folder().results().stats().path(ResultsFields.Stats.AVAILABILITY);
    }

    @Override
    public String id() {
        return "faults";
    }

    @Override
    public String title() {
        return "Faults and availability";
    }

    @Override
    public void render(Html h) {
        if (windows.isEmpty()) {
            h.el("p", "No fault in the history.");
        } else {
            h.open("table", "class", "grid nowrap").open("tr");
            for (String c : new String[] {"#", "fault", "start (s)", "held", "end (s)", "lasted", "healed by", "sends ok / fail / info",
                    "first ack once held", "first ack after heal", "longest without ack"}) {
                h.el("th", c);
            }
            h.close("tr");
            for (FaultWindow w : windows) window(h, w);
            h.close("table");
            h.el("p", "Acks are acknowledged sends, by completion time; an in-flight send acknowledged after the fault held "
                    + "counts. A fault holds once the nemesis saw its effect (its op completed ok).", "class", "muted");
        }
        longestGaps(h);
        if (!events.isEmpty()) {
            h.el("h3", "Other nemesis actions");
            h.open("ul");
            events.forEach(e -> h.el("li", Format.seconds(e.start()) + " s: " + e.label()));
            h.close("ul");
        }
    }

    /** The checker's longest stretches without an acknowledged send, overall and per partition, in words. */
    private void longestGaps(Html h) {
        JsonNode overall = availability.path(Availability.LONGEST_NO_OK_SEND_S);
        if (!overall.isNumber()) return;
        h.el("h3", "Longest stretch without an acknowledged send");
        h.open("table", "class", "grid nowrap").open("tr").el("th", "partition").el("th", "seconds").el("th", "from (s)").close("tr");
        h.row("td", "any", overall.asText(), availability.path(Availability.LONGEST_NO_OK_SEND_FROM_S).asText(""));
        availability.path(Availability.PARTITIONS).properties().forEach(e -> h.row("td", e.getKey(),
                e.getValue().path(Availability.LONGEST_NO_OK_SEND_S).asText(""),
                e.getValue().path(Availability.LONGEST_NO_OK_SEND_FROM_S).asText("")));
        h.close("table");
        if (availability.path(Availability.OK_SENDS_PER_S).isNumber()) {
            h.el("p", availability.path(Availability.OK_SENDS_PER_S).asText() + " acknowledged sends per second over the run.",
                    "class", "muted");
        }
    }

    private static void window(Html h, FaultWindow w) {
        WindowStats s = w.stats();
        LatencyHistograms l = s.latencies();
        h.open("tr");
        h.el("td", w.number()).el("td", w.label()).el("td", Format.seconds(w.start()));
        h.el("td", w.held() ? "+" + Format.duration(w.heldAt() - w.start()) : w.notHeld() ? "not seen to hold" : "not recorded");
        h.el("td", w.healed() ? Format.seconds(w.end()) : Format.seconds(w.end()) + " (end of run)");
        h.el("td", Format.duration(w.end() - w.start()));
        h.el("td", w.healed() ? w.healedBy() : "not healed");
        h.el("td", l.sendOkCount() + " / " + l.sendFailCount() + " / " + l.sendInfoCount());
        h.el("td", w.firstAck() < 0 ? "none during the fault" : "+" + Format.duration(w.firstAck() - w.heldAt()));
        h.el("td", !w.healed() ? "not healed"
                : s.firstAckAfterHeal() < 0 ? "none after the heal" : "+" + Format.duration(s.firstAckAfterHeal() - w.end()));
        h.el("td", Format.duration(s.maxGap()));
        h.close("tr");
    }
}
