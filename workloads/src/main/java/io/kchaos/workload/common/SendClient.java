package io.kchaos.workload.common;

import org.apache.kafka.clients.producer.Callback;

import java.time.Duration;

/**
 * The client a {@link ProducerWorker} sends through: one producer of some client library, sending String records to
 * explicit partitions of the workload's topic and reporting each outcome once to a {@link Callback}.
 */
public interface SendClient {
    /**
     * Hands one record to the client; {@code callback} gets the acknowledged partition and offset or the error,
     * usually on another thread. Throws when the record cannot be handed over at all.
     */
    void send(int partition, String key, String value, Callback callback);

    /** Closes the client, giving outstanding requests at most {@code timeout}. */
    void close(Duration timeout);
}
