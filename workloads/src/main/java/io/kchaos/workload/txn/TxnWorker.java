package io.kchaos.workload.txn;

import io.kchaos.history.OpType;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.SendErrorClassifier;
import io.kchaos.workload.common.SendPacer;

/**
 * One transactional producer thread (one transactional.id): initializes a producer, then runs planned transactions one
 * after another as one logical process. After an info outcome (of a transaction or of an initialization) it continues
 * under a new process id; after an outcome that leaves the producer unsettled it keeps it or replaces it as its
 * {@link ProducerLifetime} says: it closes it and only then creates and initializes a new one with the same
 * transactional.id, which makes the coordinator settle the open transaction. Initialization ({@link TxnInit}, one
 * {@code txn-init} op per attempt) is retried every 0.5 s until it succeeds or the worker stops.
 */
final class TxnWorker implements Runnable {
    private static final long RETRY_MILLIS = 500;

    private final TxnInit init;
    private final TxnPoller poller;
    private final TxnGenerator generator;
    private final TxnAttempt attempt;
    private final SendPacer pacer;
    private final ProcessIds ids;
    private final ProducerLifetime lifetime;
    private volatile boolean running = true;
    private int initFailures;
    private int process;

    TxnWorker(TxnInit init, TxnPoller poller, TxnGenerator generator, TxnAttempt attempt, SendPacer pacer, ProcessIds ids) {
        this(init, poller, generator, attempt, pacer, ids, ProducerLifetime.FAILURE);
    }

    TxnWorker(TxnInit init, TxnPoller poller, TxnGenerator generator, TxnAttempt attempt, SendPacer pacer, ProcessIds ids,
              ProducerLifetime lifetime) {
        this.init = init;
        this.poller = poller;
        this.generator = generator;
        this.attempt = attempt;
        this.pacer = pacer;
        this.ids = ids;
        this.lifetime = lifetime;
    }

    @Override
    public void run() {
        TxnProducer producer = null;
        process = ids.next();
        try {
            while (running) {
                if (producer == null && (producer = initialized()) == null) break;
                if (!pacer.awaitTurn(() -> running)) break;
                TxnAttempt.Outcome o = attempt.run(process, generator.next(), producer, poller);
                if (!lifetime.keeps(producer.client(), o)) {
                    producer.close();
                    producer = null;
                }
                if (o.type() == OpType.INFO) process = ids.next();
            }
        } finally {
            if (producer != null) producer.close();
            if (poller != null) poller.close();
        }
    }

    /** Asks the thread to run no further transaction; the current one still completes. */
    void stopRunning() {
        running = false;
    }

    /** How many times initializing a producer failed (faults make the coordinator unreachable for a while). */
    int initFailures() {
        return initFailures;
    }

    /** A producer with transactions initialized, or null once the worker is stopped. */
    private TxnProducer initialized() {
        while (running) {
            TxnInit.Attempt a = init.attempt(process);
            if (a.type() == OpType.OK) return a.producer();
            if (a.producer() != null) a.producer().close();
            if (a.type() == OpType.INFO) process = ids.next();
            initFailures++;
            if (initFailures == 1 || initFailures % 20 == 0) {
                System.err.println("warning: txn: initializing " + init.transactionalId() + " failed (" + initFailures
                        + " time(s)): " + SendErrorClassifier.describe(a.error()));
            }
            try {
                Thread.sleep(RETRY_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }
}
