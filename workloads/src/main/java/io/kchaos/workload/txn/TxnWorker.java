package io.kchaos.workload.txn;

import io.kchaos.history.OpType;
import io.kchaos.workload.TxnClient;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.SendErrorClassifier;
import io.kchaos.workload.common.SendPacer;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * One transactional producer thread (one transactional.id): initializes a producer, then runs planned transactions one
 * after another as one logical process. After an info outcome it continues under a new process id; after any outcome
 * that leaves the producer unusable it closes it and initializes a new one with the same transactional.id, which fences
 * the old one and makes the coordinator settle its open transaction. Initialization is retried until it succeeds or
 * the worker stops.
 */
final class TxnWorker implements Runnable {
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);
    private static final long RETRY_MILLIS = 500;

    private final String transactionalId;
    private final Supplier<TxnClient> producers;
    private final TxnPoller poller;
    private final TxnGenerator generator;
    private final TxnAttempt attempt;
    private final SendPacer pacer;
    private final ProcessIds ids;
    private volatile boolean running = true;
    private int initFailures;

    TxnWorker(String transactionalId, Supplier<TxnClient> producers, TxnPoller poller,
              TxnGenerator generator, TxnAttempt attempt, SendPacer pacer, ProcessIds ids) {
        this.transactionalId = transactionalId;
        this.producers = producers;
        this.poller = poller;
        this.generator = generator;
        this.attempt = attempt;
        this.pacer = pacer;
        this.ids = ids;
    }

    @Override
    public void run() {
        TxnClient producer = null;
        int process = ids.next();
        try {
            while (running) {
                if (producer == null && (producer = initialized()) == null) break;
                if (!pacer.awaitTurn(() -> running)) break;
                TxnAttempt.Outcome o = attempt.run(process, generator.next(), producer, poller);
                if (!o.producerUsable()) {
                    close(producer);
                    producer = null;
                }
                if (o.type() == OpType.INFO) process = ids.next();
            }
        } finally {
            if (producer != null) close(producer);
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

    /**
     * A producer with transactions initialized, or null once the worker is stopped. Creating one may fail too (a
     * librdkafka driver process that does not start in time): that counts as a failed initialization.
     */
    private TxnClient initialized() {
        while (running) {
            TxnClient p = null;
            try {
                p = producers.get();
                p.initTransactions();
                return p;
            } catch (RuntimeException e) {
                initFailures++;
                if (p != null) close(p);
                if (initFailures == 1 || initFailures % 20 == 0) {
                    System.err.println("warning: txn: initializing " + transactionalId + " failed (" + initFailures
                            + " time(s)): " + SendErrorClassifier.describe(e));
                }
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

    private static void close(TxnClient p) {
        try {
            p.close(CLOSE_TIMEOUT);
        } catch (RuntimeException e) {
            System.err.println("warning: txn: closing a producer: " + SendErrorClassifier.describe(e));
        }
    }
}
