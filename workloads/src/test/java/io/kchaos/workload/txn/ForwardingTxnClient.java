package io.kchaos.workload.txn;

import io.kchaos.workload.TxnClient;
import io.kchaos.workload.common.JavaTxnClient;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.concurrent.Future;

/** A transactional client over Kafka's MockProducer that the txn tests' fakes extend, overriding only what they break. */
abstract class ForwardingTxnClient implements TxnClient {
    final MockProducer<String, String> mock = new MockProducer<>(true, null, new StringSerializer(), new StringSerializer());
    private final TxnClient delegate = new JavaTxnClient(mock);

    @Override
    public void initTransactions() {
        delegate.initTransactions();
    }

    @Override
    public void beginTransaction() {
        delegate.beginTransaction();
    }

    @Override
    public Future<RecordMetadata> send(String topic, int partition, String key, String value) {
        return delegate.send(topic, partition, key, value);
    }

    @Override
    public void flush() {
        delegate.flush();
    }

    @Override
    public void commitTransaction() {
        delegate.commitTransaction();
    }

    @Override
    public void abortTransaction() {
        delegate.abortTransaction();
    }

    @Override
    public void close(Duration timeout) {
        delegate.close(timeout);
    }
}
