package io.kchaos.workload.txn;

import io.kchaos.workload.common.WorkloadOption;
import io.kchaos.workload.common.WorkloadOptionSet;
import io.kchaos.workload.common.WorkloadOptions;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The txn workload's {@code --workload-option}s, declared in {@link #OPTIONS}: {@code abort-rate}, {@code poll-rate},
 * {@code max-sends} (per round) and {@code send-rounds} (1: a transaction sends all its records, then commits; N: it
 * sends N rounds, each flushed and acknowledged before the next, so records go out after a round trip inside the
 * transaction) and {@code producer-lifetime} ({@link ProducerLifetime}).
 */
record TxnOptions(double abortRate, double pollRate, int maxSends, int rounds, ProducerLifetime lifetime, int stallAtEpoch, int stallMs,
                  boolean stallThenAbort) {
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
    static final WorkloadOption STALL_AT_EPOCH = WorkloadOption.whole("stall-at-epoch", 0, 0, Short.MAX_VALUE,
            "0: never; E: a producer whose epoch (read from the client: the built-in Java client only) is at least E holds "
                    + "its next transaction open after its sends for stall-ms, once per producer id: an application paused "
                    + "with a transaction open (32766 = Short.MAX_VALUE - 1, with producer-lifetime=run: KAFKA-20090)");
    private static final int STALL_MS_DEFAULT = 15_000;
    static final WorkloadOption STALL_MS = WorkloadOption.whole("stall-ms", STALL_MS_DEFAULT, 1, 600_000,
            "how long stall-at-epoch holds the transaction open (past the workload's 10 s transaction.timeout.ms by default)");
    static final WorkloadOption STALL_THEN = WorkloadOption.word("stall-then", Set.of("abort", "planned"), "abort",
            "how a stalled transaction ends: abort (the client aborts it after the stall, its EndTxn carrying the old epoch: "
                    + "KAFKA-20090) or planned (as the generator planned it, mostly a commit: KAFKA-20785)");
    /** The txn workload's {@code --workload-option}s. */
    static final WorkloadOptionSet OPTIONS = WorkloadOptionSet.of(TxnWorkload.NAME, ABORT_RATE, POLL_RATE, MAX_SENDS, SEND_ROUNDS,
            PRODUCER_LIFETIME, STALL_AT_EPOCH, STALL_MS, STALL_THEN);

    /** Options with the default producer lifetime and no stall. */
    TxnOptions(double abortRate, double pollRate, int maxSends, int rounds) {
        this(abortRate, pollRate, maxSends, rounds, ProducerLifetime.FAILURE);
    }

    /** Options with no stall. */
    TxnOptions(double abortRate, double pollRate, int maxSends, int rounds, ProducerLifetime lifetime) {
        this(abortRate, pollRate, maxSends, rounds, lifetime, 0, STALL_MS_DEFAULT, true);
    }

    /** Parses the options; an unknown key or a bad value is an IllegalArgumentException with a one-line reason. */
    static TxnOptions parse(Map<String, String> values) {
        WorkloadOptions o = OPTIONS.read(values);
        return new TxnOptions(o.number(ABORT_RATE), o.number(POLL_RATE), o.whole(MAX_SENDS), o.whole(SEND_ROUNDS),
                ProducerLifetime.of(o.word(PRODUCER_LIFETIME).orElseThrow()), o.whole(STALL_AT_EPOCH), o.whole(STALL_MS),
                o.word(STALL_THEN).orElseThrow().equals("abort"));
    }

    /** The stall these options ask for ({@link TxnStall#NONE} unless {@code stall-at-epoch} is set). */
    TxnStall stall() {
        return stallAtEpoch > 0 ? new TxnStall(stallAtEpoch, stallMs, stallThenAbort) : TxnStall.NONE;
    }

    /** The mean number of sends of one transaction (for pacing sends per second into transactions per second). */
    double meanSends() {
        return rounds * (1 + maxSends) / 2.0;
    }
}
