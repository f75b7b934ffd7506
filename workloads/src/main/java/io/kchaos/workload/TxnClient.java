package io.kchaos.workload;

import org.apache.kafka.clients.producer.RecordMetadata;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Future;

/**
 * The client a txn worker runs transactions through ({@link ClientKind#transactional}): one transactional producer of
 * some client library, with Kafka's producer calls and the built-in client's exceptions. Used by one thread.
 */
public interface TxnClient {
    void initTransactions();

    void beginTransaction();

    /** Hands one String record to an explicit partition; the future completes with its position or its error. */
    Future<RecordMetadata> send(String topic, int partition, String key, String value);

    /** Returns once every record handed over has completed. */
    void flush();

    void commitTransaction();

    void abortTransaction();

    /** Closes the producer within {@code timeout}. */
    void close(Duration timeout);

    /**
     * The producer id and epoch the client holds now (after a transaction ended: the ones its next transaction will
     * use), or empty where the client library does not tell.
     */
    default Optional<ProducerIdAndEpoch> producerIdAndEpoch() {
        return Optional.empty();
    }

    /** A producer id and its epoch, as the transaction coordinator handed them to the client. */
    record ProducerIdAndEpoch(long producerId, int epoch) {
    }
}
