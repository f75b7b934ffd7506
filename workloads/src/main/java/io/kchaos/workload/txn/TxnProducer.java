package io.kchaos.workload.txn;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.TxnFields;
import io.kchaos.workload.TxnClient;
import io.kchaos.workload.common.SendErrorClassifier;

import java.time.Duration;

/**
 * The producer a txn worker runs its transactions on: the client, its transactional.id, which of the worker's
 * producers for that id it is (0 for the first, +1 for each one created since, a failed initialization included) and
 * the {@code transaction.timeout.ms} it was created with ({@link TxnWorkload#transactionTimeoutMs}).
 */
record TxnProducer(TxnClient client, String transactionalId, int instance, int transactionTimeoutMs) {
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);

    /** A producer with the workload's own transaction timeout ({@link TxnFields#DEFAULT_TRANSACTION_TIMEOUT_MS}). */
    TxnProducer(TxnClient client, String transactionalId, int instance) {
        this(client, transactionalId, instance, TxnFields.DEFAULT_TRANSACTION_TIMEOUT_MS);
    }

    /** Writes into a completion's value who ran it: the id, the instance, and the producer id and epoch when known. */
    void describe(ObjectNode v) {
        v.put(TxnFields.TRANSACTIONAL_ID, transactionalId);
        v.put(TxnFields.PRODUCER_INSTANCE, instance);
        client.producerIdAndEpoch().ifPresent(p -> {
            v.put(TxnFields.PRODUCER_ID, p.producerId());
            v.put(TxnFields.PRODUCER_EPOCH, p.epoch());
        });
    }

    /** Closes the client within 2 s; an error closing it is a warning, never the worker's end. */
    void close() {
        try {
            client.close(CLOSE_TIMEOUT);
        } catch (RuntimeException e) {
            System.err.println("warning: txn: closing a producer: " + SendErrorClassifier.describe(e));
        }
    }
}
