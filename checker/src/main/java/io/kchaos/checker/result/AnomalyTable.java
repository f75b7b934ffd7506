package io.kchaos.checker.result;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/** The anomaly catalogue as the Markdown tables of docs/format.md, one per checker. */
public final class AnomalyTable {
    /** The longest line README.md may have (DocsShapeTest). */
    static final int README_WIDTH = 200;

    private AnomalyTable() {
    }

    /** The Markdown table of the anomalies {@code checker} reports: key, definition, example. */
    public static String markdown(String checker) {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| key | definition | example |");
        t.add("|---|---|---|");
        for (AnomalyType a : Anomalies.of(checker)) {
            t.add("| `" + a.key() + "` | " + a.definition() + " | `" + a.example() + "` |");
        }
        return t.toString();
    }

    /**
     * The short table of README.md: for each checker, the keys of the anomalies it reports (definitions: docs/format.md),
     * a cycle type's -process and -realtime forms said once after the cycle types. A checker whose row would be wider
     * than {@value #README_WIDTH} characters (README's line limit) goes on in rows with an empty checker cell.
     */
    public static String keysByChecker() {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| checker | anomalies it reports |");
        t.add("|---|---|");
        for (String checker : Anomalies.CHECKERS) {
            List<String> keys = new ArrayList<>();
            boolean variants = false;
            for (AnomalyType a : Anomalies.of(checker)) {
                if (isVariant(a.key())) variants = true;
                else keys.add("`" + a.key() + "`");
            }
            String tail = variants ? " (the cycles also as `-process` and `-realtime`)" : "";
            StringBuilder row = new StringBuilder("| " + checker + " | ");
            for (int i = 0; i < keys.size(); i++) {
                String next = keys.get(i) + (i + 1 < keys.size() ? ", " : tail + " |");
                if (row.length() + next.length() > README_WIDTH && row.length() > checker.length() + 5) {
                    t.add(row.substring(0, row.length() - 2) + " |"); // the row ends in ", "
                    row = new StringBuilder("| | ");
                }
                row.append(next);
            }
            t.add(row.toString());
        }
        return t.toString();
    }

    private static boolean isVariant(String key) {
        return Anomalies.isCycle(key) && (key.endsWith("-process") || key.endsWith("-realtime"));
    }
}
