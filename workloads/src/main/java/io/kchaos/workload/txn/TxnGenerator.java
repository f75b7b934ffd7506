package io.kchaos.workload.txn;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/**
 * Plans transactions from a seeded Random: {@code rounds} rounds of 1 to {@code maxSends} sends each, each send to a
 * partition chosen uniformly (so a transaction often spans partitions, and sometimes sends twice to one), keys
 * {@code k0..k7}, values from the run's shared counter; a poll at the end with probability {@code pollRate}; a
 * deliberate abort with {@code abortRate}.
 */
final class TxnGenerator {
    private static final int KEYS = 8;
    private final Random random;
    private final AtomicLong values;
    private final IntSupplier partitions;
    private final int maxSends;
    private final int rounds;
    private final double abortRate;
    private final double pollRate;

    TxnGenerator(long seed, AtomicLong values, int partitions, TxnOptions options) {
        this(seed, values, () -> partitions, options);
    }

    /** A generator whose sends spread over the topic's partitions as they are now ({@code partitions}, which may grow). */
    TxnGenerator(long seed, AtomicLong values, IntSupplier partitions, TxnOptions options) {
        this.random = new Random(seed);
        this.values = values;
        this.partitions = partitions;
        this.maxSends = options.maxSends();
        this.rounds = options.rounds();
        this.abortRate = options.abortRate();
        this.pollRate = options.pollRate();
    }

    TxnSpec next() {
        List<TxnSpec.Send> sends = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>(rounds);
        for (int r = 0; r < rounds; r++) {
            int n = 1 + random.nextInt(maxSends);
            for (int i = 0; i < n; i++) {
                sends.add(new TxnSpec.Send("k" + random.nextInt(KEYS), values.getAndIncrement(), random.nextInt(partitions.getAsInt())));
            }
            sizes.add(n);
        }
        boolean poll = random.nextDouble() < pollRate;
        boolean abort = random.nextDouble() < abortRate;
        return new TxnSpec(sends, sizes, poll, abort);
    }
}
