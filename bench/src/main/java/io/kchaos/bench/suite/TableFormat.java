package io.kchaos.bench.suite;

import java.util.ArrayList;
import java.util.List;

/** How a table is printed: Markdown (for docs/testing.md) or tab-separated values (for other tools). */
public enum TableFormat {
    MARKDOWN, TSV;

    /** The header line(s) of a table with these columns; {@code numeric[i]} right-aligns column i in Markdown. */
    public List<String> header(List<String> columns, boolean... numeric) {
        List<String> lines = new ArrayList<>();
        lines.add(row(columns));
        if (this == MARKDOWN) {
            StringBuilder rule = new StringBuilder("|");
            for (int i = 0; i < columns.size(); i++) {
                rule.append(i < numeric.length && numeric[i] ? "---:|" : "---|");
            }
            lines.add(rule.toString());
        }
        return lines;
    }

    /** One row of cells. */
    public String row(List<String> cells) {
        if (this == TSV) {
            return String.join("\t", cells.stream().map(c -> c.replace('\t', ' ')).toList());
        }
        return "| " + String.join(" | ", cells.stream().map(c -> c.replace("|", "\\|")).toList()) + " |";
    }
}
