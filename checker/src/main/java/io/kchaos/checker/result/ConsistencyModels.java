package io.kchaos.checker.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The consistency models a history can be judged under ({@code --consistency-model}), declared once; {@code kafka},
 * what Kafka documents for transactions, is the default. docs/format.md's tables are generated from here.
 */
public final class ConsistencyModels {
    private static final Map<String, ConsistencyModel> MODELS = new LinkedHashMap<>();

    public static final ConsistencyModel KAFKA = declare("kafka",
            "what Kafka documents for transactions read by read_committed consumers: a transaction's writes to all its "
                    + "partitions commit or abort together and consumers return committed records only; nothing isolates "
                    + "concurrent transactions' writes from each other or orders polls with later writes, so write cycles, "
                    + "anti-dependency cycles and cycles through process or real-time order are allowed",
            Anomalies.G1C_WR);
    public static final ConsistencyModel READ_COMMITTED = declare("read-committed",
            "Adya's PL-2: no aborted or intermediate reads and no cycle of ww and wr edges (so no write cycle either)",
            Anomalies.G1C);
    public static final ConsistencyModel SERIALIZABLE = declare("serializable",
            "Adya's PL-3: the committed transactions took effect in some total order; no cycle of ww, wr and rw edges",
            Anomalies.G2);
    public static final ConsistencyModel STRONG_SESSION_SERIALIZABLE = declare("strong-session-serializable",
            "serializable, in an order that keeps each process's transactions in the order it ran them",
            Anomalies.G2_PROCESS);
    public static final ConsistencyModel STRICT_SERIALIZABLE = declare("strict-serializable",
            "serializable, in an order that keeps a transaction after every one that completed before it was invoked",
            Anomalies.G2_REALTIME);

    /** The model a run is judged under unless told otherwise. */
    public static final ConsistencyModel DEFAULT = KAFKA;

    private ConsistencyModels() {
    }

    private static ConsistencyModel declare(String name, String description, AnomalyType... forbids) {
        ConsistencyModel m = new ConsistencyModel(name, description, java.util.Arrays.stream(forbids).map(AnomalyType::key).toList());
        MODELS.put(name, m);
        return m;
    }

    public static Optional<ConsistencyModel> lookup(String name) {
        return Optional.ofNullable(MODELS.get(name));
    }

    /** The model named, or IllegalArgumentException with one line naming the known ones. */
    public static ConsistencyModel named(String name) {
        return lookup(name).orElseThrow(() -> new IllegalArgumentException("unknown consistency model \"" + name
                + "\"; known: " + String.join(", ", names())));
    }

    public static List<String> names() {
        return List.copyOf(MODELS.keySet());
    }

    public static List<ConsistencyModel> all() {
        return List.copyOf(MODELS.values());
    }

    /** docs/format.md's table of models: name, what it promises, the cycles it forbids before implications. */
    public static String markdown() {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| model | promises | forbids (and every anomaly implying these, and every non-cycle anomaly) |");
        t.add("|---|---|---|");
        for (ConsistencyModel m : MODELS.values()) {
            t.add("| `" + m.name() + "` | " + m.description() + " | " + keys(m.forbids()) + " |");
        }
        return t.toString();
    }

    /** docs/format.md's table of the cycle anomalies: what each implies and which models forbid it. */
    public static String cyclesMarkdown() {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| cycle | implies | forbidden by |");
        t.add("|---|---|---|");
        for (AnomalyType a : Anomalies.cycles()) {
            StringJoiner by = new StringJoiner(", ");
            for (ConsistencyModel m : MODELS.values()) if (m.forbidden(a.key())) by.add("`" + m.name() + "`");
            t.add("| `" + a.key() + "` | " + keys(a.implies()) + " | " + by + " |");
        }
        return t.toString();
    }

    private static String keys(List<String> keys) {
        StringJoiner j = new StringJoiner(", ");
        keys.forEach(k -> j.add("`" + k + "`"));
        return j.toString();
    }
}
