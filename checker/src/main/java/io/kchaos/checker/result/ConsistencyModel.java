package io.kchaos.checker.result;

import java.util.List;

/**
 * A consistency model as data (Elle's idea): a name, what it promises, and the cycle anomalies it forbids. It forbids
 * too every anomaly implying one of those ({@link AnomalyType#implies()}), and every anomaly that is not a dependency
 * cycle: lost writes, aborted reads, torn transactions and the rest break what every model promises.
 *
 * @param name        the name {@code --consistency-model} takes
 * @param description what it promises, in one sentence
 * @param forbids     the cycle anomalies it forbids, before implications
 */
public record ConsistencyModel(String name, String description, List<String> forbids) {
    /** Whether an anomaly of this key makes a history invalid under this model (an unknown key does). */
    public boolean forbidden(String key) {
        if (!Anomalies.isCycle(key) || forbids.contains(key)) return true;
        return Anomalies.lookup(key).map(t -> t.implies().stream().anyMatch(this::forbidden)).orElse(true);
    }
}
