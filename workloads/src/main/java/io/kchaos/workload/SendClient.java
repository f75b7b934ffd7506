package io.kchaos.workload;

import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;

/**
 * The client a {@link io.kchaos.workload.common.ProducerWorker} sends through: one producer of some client library,
 * sending String records to explicit partitions of the workload's topics and reporting each outcome once to a
 * {@link Callback}.
 */
public interface SendClient {
    /**
     * Hands one record to the client; {@code callback} gets the acknowledged partition and offset or the error,
     * usually on another thread. Throws when the record cannot be handed over at all.
     */
    void send(String topic, int partition, String key, String value, Callback callback);

    /** Closes the client, giving outstanding requests at most {@code timeout}. */
    void close(Duration timeout);

    /**
     * The metadata a {@link Callback} gets for a record acknowledged at {@code offset} of {@code partition}, for clients
     * that report only the position; a negative offset (acks=0) becomes "no offset".
     */
    static RecordMetadata acknowledged(String topic, int partition, long offset) {
        return new RecordMetadata(new TopicPartition(topic, partition), offset < 0 ? -1 : offset, 0, -1L, -1, -1);
    }
}
