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

    /**
     * The short table of README.md: for each checker, the keys of the anomalies it reports (definitions: docs/format.md),
     * a cycle type's -process and -realtime forms said once after the cycle types.
     */
    public static String keysByChecker() {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| checker | anomalies it reports |");
        t.add("|---|---|");
        for (String checker : Anomalies.CHECKERS) {
            StringJoiner keys = new StringJoiner(", ");
            boolean variants = false;
            for (AnomalyType a : Anomalies.of(checker)) {
                if (isVariant(a.key())) variants = true;
                else keys.add("`" + a.key() + "`");
            }
            t.add("| " + checker + " | " + keys + (variants ? " (the cycles also as `-process` and `-realtime`)" : "") + " |");
        }
        return t.toString();
    }

    private static boolean isVariant(String key) {
        return Anomalies.isCycle(key) && (key.endsWith("-process") || key.endsWith("-realtime"));
    }
}
