package io.kchaos.report.dashboard;

import io.kchaos.report.html.Html;
import io.kchaos.report.html.VerdictStyle;

import java.nio.file.Path;
import java.util.List;

/** The dashboard's table of matrices, newest first: expectations met or unmet first, verdict counts second, as on the matrix page. */
final class MatrixTable {
    private MatrixTable() {
    }

    static void render(Html h, List<StoreMatrix> oldestFirst, Path pageDir) {
        if (oldestFirst.isEmpty()) {
            h.el("p", "No matrix folder in the store.");
            return;
        }
        h.open("table", "class", "grid").row("th", "date (UTC)", "scenario", "expectations", "verdicts", "matrix folder (page)");
        for (int i = oldestFirst.size() - 1; i >= 0; i--) {
            StoreMatrix m = oldestFirst.get(i);
            h.open("tr").el("td", FolderTime.show(m.started()));
            if (m.problem() != null) {
                h.el("td", "DAMAGED matrix folder: " + m.problem(), "class", "badcell", "colspan", "3");
            } else {
                h.el("td", m.scenario());
                h.open("td", "class", VerdictStyle.cell(m.expectations().status(m.verdicts())));
                h.text(m.expectations().headline(m.verdicts(), "runs"));
                m.expectations().unmetLines().forEach(u -> h.el("span", u, "class", "why"));
                h.close("td").el("td", m.verdicts().text("runs"));
            }
            h.open("td");
            Path page = m.page();
            if (page != null) h.link(Links.href(pageDir, page), m.name());
            else h.text(m.name() + " (no matrix.html)");
            h.close("td").close("tr");
        }
        h.close("table");
    }
}
