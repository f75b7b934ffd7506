package io.kchaos.checker.result;

import java.util.List;
import java.util.StringJoiner;
import java.util.function.Predicate;

/**
 * The consistency models, their promises and their call on each anomaly, as docs/format.md's tables and
 * {@code kchaos anomalies}'s lines.
 */
public final class ModelTable {
    private ModelTable() {
    }

    /** docs/format.md's table of models: name, what it promises, the cycles it forbids and allows by name. */
    public static String markdown() {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| model | promises | forbids (and every cycle implying these, and every anomaly of the promises below) "
                + "| allows (and every cycle these imply) |");
        t.add("|---|---|---|---|");
        for (ConsistencyModel m : ConsistencyModels.all()) {
            t.add("| `" + m.name() + "` | " + m.description() + " | " + keys(m.forbids()) + " | " + keys(m.allows()) + " |");
        }
        return t.toString();
    }

    /** docs/format.md's table of the promises every model keeps: name, what it means, the anomalies breaking it. */
    public static String promisesMarkdown() {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| promise | what it means | anomalies breaking it (forbidden by every model) |");
        t.add("|---|---|---|");
        for (Promise p : Promises.all()) t.add("| `" + p.name() + "` | " + p.description() + " | " + keys(p.forbids()) + " |");
        return t.toString();
    }

    /** docs/format.md's table of the cycle anomalies: what each implies and which models forbid and allow it. */
    public static String cyclesMarkdown() {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| cycle | implies | forbidden by | allowed by |");
        t.add("|---|---|---|---|");
        for (AnomalyType a : Anomalies.cycles()) {
            t.add("| `" + a.key() + "` | " + keys(a.implies()) + " | " + keys(models(m -> m.forbidden(a.key()))) + " | "
                    + keys(models(m -> !m.forbidden(a.key()))) + " |");
        }
        return t.toString();
    }

    /** One line of the models' call on an anomaly: the promise it breaks, or which models forbid and which allow it. */
    public static String decisions(String key) {
        return Promises.brokenBy(key).map(p -> "forbidden by every model (breaks " + p.name() + ")").orElseGet(() ->
                "forbidden by " + plain(models(m -> m.forbidden(key))) + "; allowed by " + plain(models(m -> !m.forbidden(key))));
    }

    private static List<String> models(Predicate<ConsistencyModel> which) {
        return ConsistencyModels.all().stream().filter(which).map(ConsistencyModel::name).toList();
    }

    private static String plain(List<String> names) {
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    private static String keys(List<String> keys) {
        StringJoiner j = new StringJoiner(", ");
        keys.forEach(k -> j.add("`" + k + "`"));
        return j.toString();
    }
}
