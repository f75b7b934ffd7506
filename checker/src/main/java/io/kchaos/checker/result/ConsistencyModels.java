package io.kchaos.checker.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The consistency models a history can be judged under ({@code --consistency-model}), declared once, each naming the
 * cycles it forbids and allows; {@code kafka}, what Kafka documents for transactions, is the default. docs/format.md's
 * tables are generated from here ({@link ModelTable}).
 */
public final class ConsistencyModels {
    private static final Map<String, ConsistencyModel> MODELS = new LinkedHashMap<>();

    public static final ConsistencyModel KAFKA = declare("kafka",
            "what Kafka documents for transactions read by read_committed consumers: a transaction's writes to all its "
                    + "partitions commit or abort together and consumers return committed records only; nothing isolates "
                    + "concurrent transactions' writes from each other or orders polls with later writes, so write cycles, "
                    + "anti-dependency cycles and cycles through process or real-time order are allowed",
            List.of(Anomalies.G1C_WR), List.of(Anomalies.G0));
    public static final ConsistencyModel READ_COMMITTED = declare("read-committed",
            "Adya's PL-2: no aborted or intermediate reads and no cycle of ww and wr edges (so no write cycle either)",
            List.of(Anomalies.G1C), List.of(Anomalies.G_SINGLE, Anomalies.G0_PROCESS));
    public static final ConsistencyModel SERIALIZABLE = declare("serializable",
            "Adya's PL-3: the committed transactions took effect in some total order; no cycle of ww, wr and rw edges",
            List.of(Anomalies.G2), List.of(Anomalies.G0_PROCESS));
    public static final ConsistencyModel STRONG_SESSION_SERIALIZABLE = declare("strong-session-serializable",
            "serializable, in an order that keeps each process's transactions in the order it ran them",
            List.of(Anomalies.G2_PROCESS), List.of(Anomalies.G0_REALTIME));
    public static final ConsistencyModel STRICT_SERIALIZABLE = declare("strict-serializable",
            "serializable, in an order that keeps a transaction after every one that completed before it was invoked",
            List.of(Anomalies.G2_REALTIME), List.of());

    /** The model a run is judged under unless told otherwise. */
    public static final ConsistencyModel DEFAULT = KAFKA;

    private ConsistencyModels() {
    }

    private static ConsistencyModel declare(String name, String description, List<AnomalyType> forbids, List<AnomalyType> allows) {
        ConsistencyModel m = new ConsistencyModel(name, description, keys(forbids), keys(allows));
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

    private static List<String> keys(List<AnomalyType> types) {
        return types.stream().map(AnomalyType::key).toList();
    }
}
