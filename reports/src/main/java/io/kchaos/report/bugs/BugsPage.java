package io.kchaos.report.bugs;

import io.kchaos.report.MatrixExpectations;
import io.kchaos.report.VerdictCounts;
import io.kchaos.report.html.Html;
import io.kchaos.report.html.MatrixPage;
import io.kchaos.report.html.PageStyle;
import io.kchaos.report.html.VerdictStyle;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The known-bug pack's page: a banner that follows the catalogue's expectations (met or unmet first, the answer counts
 * second, like the matrix page), then a table of bug × release, each cell coloured by its answer with its one-line why
 * and a link to the deciding run's report.
 */
public final class BugsPage {
    private BugsPage() {
    }

    public static String render(List<BugCell> cells, String command) {
        Html h = new Html();
        PageStyle.begin(h, "kchaos known-bug pack");
        h.el("h1", "kchaos known-bug pack");
        h.open("pre", "class", "cmd").text(command).close("pre");
        MatrixPage.banner(h, expectations(cells), VerdictCounts.of(cells.stream().map(c -> c.exposure().colour()).toList()),
                "rows", counts(cells));
        h.open("section", "id", "bugs").el("h2", "Bugs by release");
        table(h, cells);
        h.el("p", "exposed: the bug's anomaly appeared in a run (the cell links to it); safe: a fixed release whose runs stayed "
                + "free of it; not applicable: the release is outside the bug's ranges (no run); inconclusive: no run could "
                + "decide. \"expected\" is what the catalogue's ranges predict.", "class", "muted");
        h.close("section");
        PageStyle.end(h);
        return h.toString();
    }

    /** Every cell is an expectation: the answer the catalogue's ranges predict. */
    static MatrixExpectations expectations(List<BugCell> cells) {
        List<MatrixExpectations.Cell> out = new ArrayList<>();
        for (BugCell c : cells) {
            out.add(new MatrixExpectations.Cell(c.name(), List.of(c.expected().word()), c.met() ? List.of() : List.of(c.unmet())));
        }
        return new MatrixExpectations(out);
    }

    /** E.g. "answers: 1 exposed, 1 safe, 2 not applicable, 0 inconclusive". */
    public static String counts(List<BugCell> cells) {
        Map<Exposure, Integer> n = new EnumMap<>(Exposure.class);
        for (Exposure e : Exposure.values()) n.put(e, 0);
        cells.forEach(c -> n.merge(c.exposure(), 1, Integer::sum));
        StringJoiner j = new StringJoiner(", ", "answers: ", "");
        n.forEach((e, k) -> j.add(k + " " + e.word()));
        return j.toString();
    }

    private static void table(Html h, List<BugCell> cells) {
        Set<String> releases = new LinkedHashSet<>();
        Map<String, Map<String, BugCell>> rows = new LinkedHashMap<>();
        for (BugCell c : cells) {
            releases.add(c.release());
            rows.computeIfAbsent(c.bug(), b -> new LinkedHashMap<>()).put(c.release(), c);
        }
        h.open("table", "class", "matrix").open("tr").el("th", "bug");
        releases.forEach(r -> h.el("th", "Kafka " + r));
        h.close("tr");
        rows.forEach((bug, byRelease) -> {
            BugCell first = byRelease.values().iterator().next();
            h.open("tr").open("th").link(first.link(), bug).empty("br").el("small", first.title(), "style", "font-weight:400").close("th");
            for (String r : releases) cell(h, byRelease.get(r));
            h.close("tr");
        });
        h.close("table");
    }

    private static void cell(Html h, BugCell c) {
        if (c == null) {
            h.el("td", "not run", "class", "cell c-empty");
            return;
        }
        h.open("td", "class", "cell " + VerdictStyle.cell(c.exposure().colour()));
        h.el("strong", c.exposure().word()).empty("br");
        h.el("small", "expected " + c.expected().word() + (c.met() ? "" : " — UNMET")).empty("br");
        h.text(c.why());
        if (c.reportLink() != null) h.empty("br").link(c.reportLink(), "run report");
        h.close("td");
    }
}
