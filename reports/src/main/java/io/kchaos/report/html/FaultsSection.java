package io.kchaos.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.report.Format;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.report.scan.LatencyHistograms;
import io.kchaos.report.scan.WindowStats;

import java.util.List;

/**
 * The fault windows, and availability per fault: time from the fault's start to the next acknowledged send, from its
 * heal to the first acknowledged send after it, and the longest time without one (or the checker's own availability
 * figures when results.json has them).
 */
final class FaultsSection implements Section {
    private final List<FaultWindow> windows;
    private final List<FaultWindow> events;
    private final JsonNode availability;

    FaultsSection(ReportContext ctx) {
        this.windows = ctx.digest().windows();
        this.events = ctx.digest().events();
        this.availability = ctx.folder().results().stats().path("availability");
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
            boolean computed = availability.isMissingNode() || availability.isNull();
            h.open("table", "class", "grid nowrap").open("tr");
            for (String c : new String[] {"#", "fault", "start (s)", "held", "end (s)", "lasted", "healed by", "sends ok / fail / info"}) {
                h.el("th", c);
            }
            if (computed) {
                h.el("th", "first ack once held").el("th", "first ack after heal").el("th", "longest without ack");
            }
            h.close("tr");
            for (FaultWindow w : windows) window(h, w, computed);
            h.close("table");
            if (computed) {
                h.el("p", "Acks are acknowledged sends, by completion time; an in-flight send acknowledged after the "
                        + "fault started counts.", "class", "muted");
            }
        }
        if (!availability.isMissingNode() && !availability.isNull()) {
            h.el("h3", "Availability (from results.json)");
            JsonView.render(h, availability);
        }
        if (!events.isEmpty()) {
            h.el("h3", "Other nemesis actions");
            h.open("ul");
            events.forEach(e -> h.el("li", Format.seconds(e.start()) + " s: " + e.label()));
            h.close("ul");
        }
    }

    private static void window(Html h, FaultWindow w, boolean computed) {
        WindowStats s = w.stats();
        LatencyHistograms l = s.latencies();
        h.open("tr");
        h.el("td", w.number()).el("td", w.label()).el("td", Format.seconds(w.start()));
        h.el("td", w.held() ? "+" + Format.duration(w.heldAt() - w.start()) : w.notHeld() ? "not seen to hold" : "not recorded");
        h.el("td", w.healed() ? Format.seconds(w.end()) : Format.seconds(w.end()) + " (end of run)");
        h.el("td", Format.duration(w.end() - w.start()));
        h.el("td", w.healed() ? w.healedBy() : "not healed");
        h.el("td", l.sendOkCount() + " / " + l.sendFailCount() + " / " + l.sendInfoCount());
        if (computed) {
            h.el("td", w.firstAck() < 0 ? "none during the fault" : "+" + Format.duration(w.firstAck() - w.heldAt()));
            h.el("td", !w.healed() ? "not healed"
                    : s.firstAckAfterHeal() < 0 ? "none after the heal" : "+" + Format.duration(s.firstAckAfterHeal() - w.end()));
            h.el("td", Format.duration(s.maxGap()));
        }
        h.close("tr");
    }
}
