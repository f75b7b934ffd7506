package io.kchaos.harness.client.adapter;

import io.kchaos.harness.client.ClientBridge;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

import java.time.Duration;

/**
 * One producer of the release behind {@link ClientBridge.TxnProducer} (plain producers use its send and close only).
 * Its calls ({@code send} with a callback, {@code flush}, the transaction calls, {@code close(Duration)}) are the same
 * in kafka-clients 3.0 to 4.4.
 */
final class ProducerAdapter implements ClientBridge.TxnProducer {
    private final KafkaProducer<String, String> p;

    ProducerAdapter(KafkaProducer<String, String> p) {
        this.p = p;
    }

    @Override
    public void send(String topic, int partition, String key, String value, ClientBridge.Outcome outcome) {
        p.send(new ProducerRecord<>(topic, partition, key, value), (metadata, error) -> {
            if (error != null) outcome.failed(error);
            else outcome.acked(metadata.partition(), metadata.hasOffset() ? metadata.offset() : -1);
        });
    }

    @Override
    public void initTransactions() {
        p.initTransactions();
    }

    @Override
    public void beginTransaction() {
        p.beginTransaction();
    }

    @Override
    public void flush() {
        p.flush();
    }

    @Override
    public void commitTransaction() {
        p.commitTransaction();
    }

    @Override
    public void abortTransaction() {
        p.abortTransaction();
    }

    @Override
    public void close(long timeoutMillis) {
        p.close(Duration.ofMillis(timeoutMillis));
    }
}
