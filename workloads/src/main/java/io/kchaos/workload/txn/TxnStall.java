package io.kchaos.workload.txn;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An application that stops with a transaction open ({@code stall-at-epoch}, {@code stall-ms}): once a producer's
 * epoch, read from its client, reaches the bound, its next transaction holds still after its sends for the stall
 * before it commits or aborts, once per producer id. Past {@code transaction.timeout.ms} the coordinator aborts it and
 * bumps the epoch itself, so at the exhaustion boundary (bound 32,766 = Short.MAX_VALUE - 1) its abort meets the last
 * epoch: KAFKA-20090's path (the client's own abort then arrives with the old epoch: {@code stall-then=abort}) or
 * KAFKA-20785's (its commit does: {@code stall-then=planned}, a commit unless the transaction was to abort anyway).
 */
final class TxnStall {
    /** No stall at all. */
    static final TxnStall NONE = new TxnStall(0, 0, false);

    private final int atEpoch;
    private final long millis;
    private final boolean thenAbort;
    private final Set<Long> stalled = ConcurrentHashMap.newKeySet();

    /** {@code thenAbort}: the stalled transaction ends with the client's abort (KAFKA-20090's path), else as planned. */
    TxnStall(int atEpoch, long millis, boolean thenAbort) {
        this.atEpoch = atEpoch;
        this.millis = millis;
        this.thenAbort = thenAbort;
    }

    /** Whether a stalled transaction is aborted by the client after the stall rather than ended as planned. */
    boolean thenAbort() {
        return thenAbort;
    }

    /** Holds the transaction open when the producer is due (its epoch at the bound, its id not yet stalled); the milliseconds held, 0 when not due. */
    long hold(TxnProducer producer) {
        if (atEpoch <= 0) return 0;
        var idAndEpoch = producer.client().producerIdAndEpoch();
        if (idAndEpoch.isEmpty() || idAndEpoch.get().epoch() < atEpoch || !stalled.add(idAndEpoch.get().producerId())) return 0;
        long start = System.nanoTime();
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return (System.nanoTime() - start) / 1_000_000;
    }
}
