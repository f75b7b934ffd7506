package io.kchaos.workload.txn;

import io.kchaos.workload.common.WorkloadOption;
import io.kchaos.workload.common.WorkloadOptionSet;
import io.kchaos.workload.common.WorkloadOptions;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The txn workload's {@code --workload-option}s, declared in {@link #OPTIONS}: {@code abort-rate}, {@code poll-rate},
 * {@code max-sends} (per round) and {@code send-rounds} (1: a transaction sends all its records, then commits; N: it
 * sends N rounds, each flushed and acknowledged before the next, so records go out after a round trip inside the
 * transaction) and {@code producer-lifetime} ({@link ProducerLifetime}).
 */
record TxnOptions(double abortRate, double pollRate, int maxSends, int rounds, ProducerLifetime lifetime) {
    static final int MAX_ROUNDS = 10;
    static final WorkloadOption ABORT_RATE = WorkloadOption.number("abort-rate", 0.1, 0, 1, "the share of transactions aborted on purpose");
    static final WorkloadOption POLL_RATE = WorkloadOption.number("poll-rate", 0.25, 0, 1,
            "the share of transactions that end with a poll of the worker's read_committed consumer");
    static final WorkloadOption MAX_SENDS = WorkloadOption.whole("max-sends", 4, 1, 100, "the most sends of one round of a transaction");
    static final WorkloadOption SEND_ROUNDS = WorkloadOption.whole("send-rounds", 1, 1, MAX_ROUNDS,
            "rounds of sends per transaction, each acknowledged before the next is sent");
    static final WorkloadOption PRODUCER_LIFETIME = WorkloadOption.word("producer-lifetime",
            Arrays.stream(ProducerLifetime.values()).map(ProducerLifetime::word).collect(Collectors.toSet()),
            ProducerLifetime.FAILURE.word(), "failure: a worker replaces its producer (same transactional.id) after any "
                    + "commit, abort or begin that failed; run: it settles that transaction on the same producer (the call "
                    + "again after a timeout, else an abort) and replaces it only when that fails too (a fatal error), so "
                    + "one producer runs epoch after epoch (transactions v2: one epoch per transaction)");
    /** The txn workload's {@code --workload-option}s. */
    static final WorkloadOptionSet OPTIONS = WorkloadOptionSet.of(TxnWorkload.NAME, ABORT_RATE, POLL_RATE, MAX_SENDS, SEND_ROUNDS,
            PRODUCER_LIFETIME);

    /** Options with the default producer lifetime. */
    TxnOptions(double abortRate, double pollRate, int maxSends, int rounds) {
        this(abortRate, pollRate, maxSends, rounds, ProducerLifetime.FAILURE);
    }

    /** Parses the options; an unknown key or a bad value is an IllegalArgumentException with a one-line reason. */
    static TxnOptions parse(Map<String, String> values) {
        WorkloadOptions o = OPTIONS.read(values);
        return new TxnOptions(o.number(ABORT_RATE), o.number(POLL_RATE), o.whole(MAX_SENDS), o.whole(SEND_ROUNDS),
                ProducerLifetime.of(o.word(PRODUCER_LIFETIME).orElseThrow()));
    }

    /** The mean number of sends of one transaction (for pacing sends per second into transactions per second). */
    double meanSends() {
        return rounds * (1 + maxSends) / 2.0;
    }
}
