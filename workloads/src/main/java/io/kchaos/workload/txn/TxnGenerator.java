package io.kchaos.workload.txn;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Plans transactions from a seeded Random: 1 to {@code maxSends} sends, each to a partition chosen uniformly (so a
 * transaction often spans partitions, and sometimes sends twice to one), keys {@code k0..k7}, values from the run's
 * shared counter; a poll at the end with probability {@code pollRate}; a deliberate abort with {@code abortRate}.
 */
final class TxnGenerator {
    private static final int KEYS = 8;
    private final Random random;
    private final AtomicLong values;
    private final int partitions;
    private final int maxSends;
    private final double abortRate;
    private final double pollRate;

    TxnGenerator(long seed, AtomicLong values, int partitions, int maxSends, double abortRate, double pollRate) {
        this.random = new Random(seed);
        this.values = values;
        this.partitions = partitions;
        this.maxSends = maxSends;
        this.abortRate = abortRate;
        this.pollRate = pollRate;
    }

    TxnSpec next() {
        int n = 1 + random.nextInt(maxSends);
        List<TxnSpec.Send> sends = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            sends.add(new TxnSpec.Send("k" + random.nextInt(KEYS), values.getAndIncrement(), random.nextInt(partitions)));
        }
        boolean poll = random.nextDouble() < pollRate;
        boolean abort = random.nextDouble() < abortRate;
        return new TxnSpec(List.copyOf(sends), poll, abort);
    }
}
