package io.kchaos.history;

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
    /** In a failed {@code txn-init}: false when the producer could not even be created (no InitProducerId was sent). */
    public static final String CLIENT_CREATED = "client-created";
    /** How a fencing shows in a completion's {@code error}: the Java client's exception, or Kafka's error code. */
    public static final String FENCED_EXCEPTION = "ProducerFencedException";
    public static final String FENCED_CODE = "PRODUCER_FENCED";

    private TxnFields() {
    }

    /** Whether an op's {@code error} says the producer was fenced. */
    public static boolean isFencing(String error) {
        return error != null && (error.contains(FENCED_EXCEPTION) || error.contains(FENCED_CODE));
    }
}
