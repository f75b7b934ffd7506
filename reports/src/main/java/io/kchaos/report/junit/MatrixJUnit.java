package io.kchaos.report.junit;

import io.kchaos.report.MatrixCell;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** The matrix's JUnit suite: one testcase per cell, failing when the cell found anomalies, in error when it could not judge. */
public final class MatrixJUnit {
    private static final String CLASSNAME = "kchaos.matrix";

    private MatrixJUnit() {
    }

    public static JUnitSuite build(List<MatrixCell> cells) {
        List<JUnitCase> cases = new ArrayList<>();
        for (MatrixCell c : cells) cases.add(testcase(c));
        return new JUnitSuite(CLASSNAME, 0, Map.of(), cases);
    }

    private static JUnitCase testcase(MatrixCell c) {
        String name = c.displayName();
        String where = c.reportLink() == null ? "" : "\nreport: " + c.reportLink();
        return switch (c.verdict()) {
            case VALID -> JUnitCase.passed(CLASSNAME, name, 0, null);
            case INVALID -> {
                StringJoiner j = new StringJoiner(", ", "anomalies: ", "");
                c.anomalyCounts().forEach((t, n) -> j.add(t + " (" + (n < 0 ? "?" : n) + ")"));
                yield JUnitCase.failure(CLASSNAME, name, 0, "anomalies", j.toString(), j + where);
            }
            default -> JUnitCase.error(CLASSNAME, name, 0, "could-not-judge", "could not judge", "could not judge" + where);
        };
    }
}
