package io.kchaos.bench.suite;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Prints class costs as a table sorted by time, most expensive first, then their totals per kind and overall with the
 * share of the 35-minute budget each takes.
 */
public final class CostTable {
    private static final List<String> CLASS_COLUMNS = List.of("class", "module", "kind", "tests", "failed", "skipped", "seconds");
    private static final List<String> TOTAL_COLUMNS = List.of("kind", "classes", "tests", "failed", "skipped", "seconds", "minutes",
            "share of the 35-min budget");

    private final TableFormat format;

    public CostTable(TableFormat format) {
        this.format = format;
    }

    /** The lines of the class table, a blank line, and the lines of the totals table (in Markdown, a note after it). */
    public List<String> lines(List<ClassCost> costs) {
        List<String> lines = new ArrayList<>(format.header(CLASS_COLUMNS, false, false, false, true, true, true, true));
        costs.stream()
                .sorted(Comparator.comparingDouble(ClassCost::seconds).reversed().thenComparing(ClassCost::className))
                .forEach(c -> lines.add(format.row(List.of(c.simpleName(), c.module(), c.kind().label(),
                        Integer.toString(c.tests()), Integer.toString(c.failed()), Integer.toString(c.skipped()), seconds(c.seconds())))));
        lines.add("");
        lines.addAll(format.header(TOTAL_COLUMNS, false, true, true, true, true, true, true, true));
        for (CostTotals t : CostTotals.of(costs)) {
            lines.add(format.row(List.of(t.label(), Integer.toString(t.classes()), Integer.toString(t.tests()),
                    Integer.toString(t.failed()), Integer.toString(t.skipped()), seconds(t.seconds()),
                    String.format(Locale.ROOT, "%.1f", t.seconds() / 60), String.format(Locale.ROOT, "%.0f %%", 100 * t.budgetShare()))));
        }
        if (format == TableFormat.MARKDOWN) {
            lines.add("");
            lines.add("Times are the reports' own, per class; Maven's compiling, packaging and forking are not in them, "
                    + "so `mvn -B verify` takes longer than the total.");
        }
        return lines;
    }

    private static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.1f", seconds);
    }
}
