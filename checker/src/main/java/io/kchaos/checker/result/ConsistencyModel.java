package io.kchaos.checker.result;

import java.util.List;

/**
 * A consistency model as data (Elle's idea): a name, what it promises, and the cycle anomalies it forbids and allows;
 * every anomaly that is not a cycle breaks one of the {@link Promises} every model keeps, so every model forbids it.
 * A model decides each anomaly of the catalogue exactly once ({@link #decides}); one it leaves undecided is forbidden.
 *
 * @param name        the name {@code --consistency-model} takes
 * @param description what it promises, in one sentence
 * @param forbids     the cycle anomalies it forbids; it forbids too every anomaly implying one of these
 *                    ({@link AnomalyType#implies()}: a case of G0 is a case of G1c, so forbidding G1c forbids G0)
 * @param allows      the cycle anomalies it allows; it allows too every anomaly one of these implies (if G0 is allowed,
 *                    G1c cannot be forbidden)
 */
public record ConsistencyModel(String name, String description, List<String> forbids, List<String> allows) {
    /** Whether an anomaly of this key makes a history invalid: unless this model allows it and forbids it nowhere (an unknown key does). */
    public boolean forbidden(String key) {
        return forbidsByName(key) || !allowsByName(key);
    }

    /** Whether this model decides the anomaly by name, as forbidden or allowed, and not both. */
    public boolean decides(String key) {
        return forbidsByName(key) != allowsByName(key);
    }

    /** Forbidden by a promise every model keeps, or named in {@link #forbids}, or implying an anomaly forbidden so. */
    private boolean forbidsByName(String key) {
        if (Promises.brokenBy(key).isPresent() || forbids.contains(key)) return true;
        return Anomalies.lookup(key).map(t -> t.implies().stream().anyMatch(this::forbidsByName)).orElse(false);
    }

    /** Named in {@link #allows}, or implied by an anomaly allowed so. */
    private boolean allowsByName(String key) {
        if (allows.contains(key)) return true;
        return Anomalies.all().stream().anyMatch(t -> t.implies().contains(key) && allowsByName(t.key()));
    }
}
