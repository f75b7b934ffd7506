package io.kchaos.report.dashboard;

import io.kchaos.report.Availability;
import io.kchaos.report.Format;
import io.kchaos.report.html.Html;
import io.kchaos.report.html.VerdictStyle;

import java.nio.file.Path;
import java.util.List;

/** The dashboard's table of runs, newest first: one row per run folder, a damaged folder's row saying what is wrong with it. */
final class RunTable {
    private static final int FIGURE_COLUMNS = 7;

    private RunTable() {
    }

    /** The id of a run's row, for links from the regression list. */
    static String anchor(StoreRun run) {
        return "run-" + run.name();
    }

    static void render(Html h, List<StoreRun> oldestFirst, Trends trends, Path pageDir) {
        if (oldestFirst.isEmpty()) {
            h.el("p", "No run folder in the store.");
            return;
        }
        h.open("table", "class", "grid").row("th", "date (UTC)", "scenario", "Kafka", "verdict", "anomalies", "acks/s",
                "longest unavailability", "time to recover", "regression", "run folder (report)");
        for (int i = oldestFirst.size() - 1; i >= 0; i--) row(h, oldestFirst.get(i), trends.flags(oldestFirst.get(i)), pageDir);
        h.close("table");
        h.el("p", "acks/s: acknowledged sends per second; longest unavailability: the longest stretch of the workload without an "
                + "acknowledged send; time to recover: the longest time from a fault's heal to the next acknowledged send "
                + "(all from results.json's stats.availability).", "class", "muted");
    }

    private static void row(Html h, StoreRun r, List<String> flags, Path pageDir) {
        h.open("tr", "id", anchor(r), "class", flags.isEmpty() ? "" : "regressed");
        h.el("td", FolderTime.show(r.started()));
        if (r.problem() != null) {
            h.el("td", "DAMAGED run folder: " + r.problem(), "class", "badcell", "colspan", Integer.toString(FIGURE_COLUMNS + 1));
        } else {
            Availability a = r.figures();
            h.el("td", r.key().scenario()).el("td", r.key().kafka());
            h.el("td", VerdictStyle.word(r.verdict()), "class", VerdictStyle.cell(r.verdict()));
            h.el("td", r.anomalyText());
            h.el("td", Format.decimal(a.acksPerSecond(), 1), "class", "num");
            h.el("td", Availability.seconds(a.longestNoAckSeconds()), "class", "num");
            h.el("td", a.recoveryText(), "class", "num");
            flagCell(h, flags);
        }
        h.open("td");
        Path report = r.report();
        if (report != null) h.link(Links.href(pageDir, report), r.name());
        else h.text(r.name() + " (no report.html)");
        h.close("td").close("tr");
    }

    /** The regression badge and why, or "—". */
    static void flagCell(Html h, List<String> flags) {
        h.open("td");
        if (flags.isEmpty()) {
            h.text("—");
        } else {
            h.el("span", "REGRESSION", "class", "flag");
            flags.forEach(f -> h.el("span", f, "class", "why"));
        }
        h.close("td");
    }
}
