package io.kchaos.workload.txn;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.history.TxnFields;
import io.kchaos.workload.TxnClient;
import io.kchaos.workload.common.SendErrorClassifier;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;

import java.util.function.Supplier;

/**
 * Creates and initializes the next producer of one transactional.id, recording the attempt as a {@code txn-init} op
 * (docs/history-txn-group.md, "op txn-init"): {@code ok} once {@code initTransactions} returned; {@code info} when it
 * timed out or was interrupted (its InitProducerId may still act); {@code fail} when it threw any other error (the
 * coordinator refused) or the producer could not even be created (no InitProducerId was sent; the value then says
 * {@code "client-created": false}). Each attempt is the transactional.id's next producer instance.
 */
final class TxnInit {
    static final String F = ClientOps.TXN_INIT;

    private final HistoryWriter history;
    private final String transactionalId;
    private final Supplier<TxnClient> producers;
    private final int transactionTimeoutMs;
    private int instances;

    /** One attempt: its completion's type, the producer when it was created (initialized only when ok), the error. */
    record Attempt(OpType type, TxnProducer producer, RuntimeException error) {
    }

    /** Producers with the workload's own transaction timeout ({@link TxnFields#DEFAULT_TRANSACTION_TIMEOUT_MS}). */
    TxnInit(HistoryWriter history, String transactionalId, Supplier<TxnClient> producers) {
        this(history, transactionalId, producers, TxnFields.DEFAULT_TRANSACTION_TIMEOUT_MS);
    }

    /** {@code transactionTimeoutMs}: the transaction.timeout.ms the producers are created with. */
    TxnInit(HistoryWriter history, String transactionalId, Supplier<TxnClient> producers, int transactionTimeoutMs) {
        this.history = history;
        this.transactionalId = transactionalId;
        this.producers = producers;
        this.transactionTimeoutMs = transactionTimeoutMs;
    }

    String transactionalId() {
        return transactionalId;
    }

    /** Creates and initializes the next producer as {@code process}; the caller closes a producer that is not ok. */
    Attempt attempt(int process) {
        int instance = instances++;
        history.invoke(process, F, named(instance));
        TxnProducer producer;
        try {
            producer = new TxnProducer(producers.get(), transactionalId, instance, transactionTimeoutMs);
        } catch (RuntimeException e) {
            return complete(process, new Attempt(OpType.FAIL, null, e), named(instance).put(TxnFields.CLIENT_CREATED, false));
        }
        try {
            producer.client().initTransactions();
        } catch (RuntimeException e) {
            OpType type = e instanceof TimeoutException || e instanceof InterruptException ? OpType.INFO : OpType.FAIL;
            return complete(process, new Attempt(type, producer, e), named(instance));
        }
        ObjectNode v = Json.object();
        producer.describe(v);
        return complete(process, new Attempt(OpType.OK, producer, null), v);
    }

    private ObjectNode named(int instance) {
        return Json.object().put(TxnFields.TRANSACTIONAL_ID, transactionalId).put(TxnFields.PRODUCER_INSTANCE, instance);
    }

    private Attempt complete(int process, Attempt a, ObjectNode value) {
        history.complete(process, a.type(), F, value, a.error() == null ? null : SendErrorClassifier.describe(a.error()));
        return a;
    }
}
