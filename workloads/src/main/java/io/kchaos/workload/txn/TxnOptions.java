package io.kchaos.workload.txn;

import io.kchaos.workload.common.WorkloadOptions;

import java.util.Map;
import java.util.Set;

/**
 * The txn workload's {@code --workload-option}s: {@code abort-rate} (0.1), {@code poll-rate} (0.25), {@code max-sends}
 * (4, per round) and {@code send-rounds} (1: a transaction sends all its records, then commits; N: it sends N rounds,
 * each flushed and acknowledged before the next, so records go out after a round trip inside the transaction).
 */
record TxnOptions(double abortRate, double pollRate, int maxSends, int rounds) {
    static final int MAX_ROUNDS = 10;

    /** Parses the options; an unknown key or a bad value is an IllegalArgumentException with a one-line reason. */
    static TxnOptions parse(Map<String, String> values) {
        WorkloadOptions o = WorkloadOptions.of(TxnWorkload.NAME, values, Set.of("abort-rate", "poll-rate", "max-sends", "send-rounds"));
        return new TxnOptions(o.number("abort-rate", 0.1, 0, 1), o.number("poll-rate", 0.25, 0, 1),
                o.whole("max-sends", 4, 1, 100), o.whole("send-rounds", 1, 1, MAX_ROUNDS));
    }

    /** The mean number of sends of one transaction (for pacing sends per second into transactions per second). */
    double meanSends() {
        return rounds * (1 + maxSends) / 2.0;
    }
}
