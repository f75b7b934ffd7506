package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The field names of a {@code txn} op's completion that name the producer that ran it, and of a {@code txn-init} op's
 * value, which names the producer initialized (docs/history-txn-group.md, "op txn", "op txn-init"): the one place the
 * txn workload that writes them and the txn checker that reads them spell them.
 */
public final class TxnFields {
    /** The producer's transactional.id. */
    public static final String TRANSACTIONAL_ID = "transactional-id";
    /** Which producer of that transactional.id ran it: 0 for the worker's first, +1 for each one it created since. */
    public static final String PRODUCER_INSTANCE = "producer-instance";
    /** The producer id and epoch the client held when the transaction ended (omitted where the client does not tell). */
    public static final String PRODUCER_ID = "producer-id";
    public static final String PRODUCER_EPOCH = "producer-epoch";
    /** How long the transaction was held open after its sends, on purpose ({@code stall-at-epoch}); absent when it was not. */
    public static final String STALLED_MS = "stalled-ms";
    /**
     * Beside {@link #STALLED_MS}: the {@code transaction.timeout.ms} of the producer that ran the transaction (the
     * user's {@code --producer-config} when set, else the workload's, {@link #DEFAULT_TRANSACTION_TIMEOUT_MS}); absent in
     * histories written before it was recorded.
     */
    public static final String TRANSACTION_TIMEOUT_MS = "transaction-timeout-ms";
    /** In a failed {@code txn-init}: false when the producer could not even be created (no InitProducerId was sent). */
    public static final String CLIENT_CREATED = "client-created";
    /** How a fencing shows in a completion's {@code error}: the Java client's exception, or Kafka's error code. */
    public static final String FENCED_EXCEPTION = "ProducerFencedException";
    public static final String FENCED_CODE = "PRODUCER_FENCED";
    /** How the coordinator's INVALID_PRODUCER_ID_MAPPING shows in a completion's {@code error}: the Java client's exception, or the code. */
    public static final String UNMAPPED_EXCEPTION = "InvalidPidMappingException";
    public static final String UNMAPPED_CODE = "INVALID_PRODUCER_ID_MAPPING";
    /** How the coordinator's INVALID_TXN_STATE shows in a completion's {@code error}: the Java client's exception, or the code. */
    public static final String INVALID_TXN_STATE_EXCEPTION = "InvalidTxnStateException";
    public static final String INVALID_TXN_STATE_CODE = "INVALID_TXN_STATE";
    /**
     * The txn workload's {@code transaction.timeout.ms}, unless the user's producer settings override it: a transaction
     * open longer may be aborted by its coordinator. The timeout a completion without {@link #TRANSACTION_TIMEOUT_MS} is
     * judged by.
     */
    public static final int DEFAULT_TRANSACTION_TIMEOUT_MS = 10_000;

    private TxnFields() {
    }

    /** Whether an op's {@code error} says the coordinator answered INVALID_TXN_STATE. */
    public static boolean isInvalidTxnState(String error) {
        return error != null && (error.contains(INVALID_TXN_STATE_EXCEPTION) || error.contains(INVALID_TXN_STATE_CODE));
    }

    /**
     * Whether a completion's value says the transaction was held open on purpose for at least the transaction timeout
     * after its sends ({@link #STALLED_MS}), so its EndTxn went out after the coordinator could abort it: the producer's
     * timeout as the value records it ({@link #TRANSACTION_TIMEOUT_MS}), else (older histories) the workload's default.
     */
    public static boolean stalledPastTimeout(JsonNode value) {
        return value != null && value.path(STALLED_MS).asLong(0) >= transactionTimeoutMs(value);
    }

    /** The transaction timeout a completion's value records ({@link #TRANSACTION_TIMEOUT_MS}), else the workload's default. */
    public static long transactionTimeoutMs(JsonNode value) {
        JsonNode t = value == null ? null : value.get(TRANSACTION_TIMEOUT_MS);
        return t != null && t.isIntegralNumber() ? t.asLong() : DEFAULT_TRANSACTION_TIMEOUT_MS;
    }

    /** Whether an op's {@code error} says the coordinator did not know the producer id as its transactional.id's. */
    public static boolean isUnmapped(String error) {
        return error != null && (error.contains(UNMAPPED_EXCEPTION) || error.contains(UNMAPPED_CODE));
    }

    /** Whether an op's {@code error} says the producer was fenced. */
    public static boolean isFencing(String error) {
        return error != null && (error.contains(FENCED_EXCEPTION) || error.contains(FENCED_CODE));
    }
}
