package io.kchaos.checker.result;

import java.util.List;

/**
 * A promise every consistency model keeps, whatever isolation it asks of transactions: its name, what it means, and the
 * anomalies that break it, which every model therefore forbids ({@link Promises} declares them).
 *
 * @param name        its name in docs/format.md and {@code kchaos anomalies}
 * @param description what it promises, in one sentence
 * @param forbids     the keys of the anomalies that break it
 */
public record Promise(String name, String description, List<String> forbids) {
}
