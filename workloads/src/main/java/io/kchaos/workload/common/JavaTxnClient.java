package io.kchaos.workload.common;

import io.kchaos.workload.TxnClient;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Future;

/** A {@link TxnClient} over a built-in transactional producer. */
public record JavaTxnClient(Producer<String, String> producer) implements TxnClient {
    @Override
    public void initTransactions() {
        producer.initTransactions();
    }

    @Override
    public void beginTransaction() {
        producer.beginTransaction();
    }

    @Override
    public Future<RecordMetadata> send(String topic, int partition, String key, String value) {
        return producer.send(new ProducerRecord<>(topic, partition, key, value));
    }

    @Override
    public void flush() {
        producer.flush();
    }

    @Override
    public void commitTransaction() {
        producer.commitTransaction();
    }

    @Override
    public void abortTransaction() {
        producer.abortTransaction();
    }

    @Override
    public void close(Duration timeout) {
        producer.close(timeout);
    }

    @Override
    public Optional<ProducerIdAndEpoch> producerIdAndEpoch() {
        return ProducerEpochProbe.read(producer);
    }
}
