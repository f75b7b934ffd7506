package io.kchaos.checker.result;

import java.util.StringJoiner;

/** The anomaly catalogue as the Markdown tables of docs/format.md, one per checker. */
public final class AnomalyTable {
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

    /** The short table of README.md: for each checker, the keys of the anomalies it reports (definitions: docs/format.md). */
    public static String keysByChecker() {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| checker | anomalies it reports |");
        t.add("|---|---|");
        for (String checker : Anomalies.CHECKERS) {
            StringJoiner keys = new StringJoiner(", ");
            for (AnomalyType a : Anomalies.of(checker)) keys.add("`" + a.key() + "`");
            t.add("| " + checker + " | " + keys + " |");
        }
        return t.toString();
    }
}
