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

    /** The short table of README.md: key and definition of the anomalies {@code checker} reports. */
    public static String keysAndDefinitions(String checker) {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| key | meaning |");
        t.add("|---|---|");
        for (AnomalyType a : Anomalies.of(checker)) t.add("| `" + a.key() + "` | " + a.definition() + " |");
        return t.toString();
    }
}
