package io.kchaos.workload.rdkafka;

import io.kchaos.history.Json;
import io.kchaos.workload.TxnClient;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.time.Duration;
import java.util.concurrent.Future;

/**
 * A librdkafka transactional producer in its own driver process: each call is the driver's op of the same name, sends
 * are {@code produce} requests as for {@link RdkafkaSendClient}, and errors become the built-in client's exceptions
 * ({@link RdkafkaTxnErrors}). Used by one thread.
 */
final class RdkafkaTxnClient implements TxnClient {
    private final DriverProcess driver;
    private final String topic;
    private final Duration block;
    private final Duration delivery;

    /** {@code block} bounds init, commit and abort; {@code delivery} bounds a flush. */
    RdkafkaTxnClient(DriverProcess driver, String topic, Duration block, Duration delivery) {
        this.driver = driver;
        this.topic = topic;
        this.block = block;
        this.delivery = delivery;
    }

    @Override
    public void initTransactions() {
        call("init-transactions", block);
    }

    @Override
    public void beginTransaction() {
        call("begin-transaction", Duration.ZERO);
    }

    @Override
    public Future<RecordMetadata> send(String topic, int partition, String key, String value) {
        return RdkafkaSendClient.produce(driver, this.topic, topic, partition, key, value, RdkafkaTxnErrors::exception);
    }

    /**
     * Returns once every record sent has its delivery report, or after delivery.timeout.ms (a record still pending
     * then fails its transaction).
     */
    @Override
    public void flush() {
        call("flush", delivery);
    }

    @Override
    public void commitTransaction() {
        call("commit-transaction", block);
    }

    @Override
    public void abortTransaction() {
        call("abort-transaction", block);
    }

    @Override
    public void close(Duration timeout) {
        driver.close(timeout);
    }

    private void call(String op, Duration timeout) {
        DriverProcess.await(driver.request(op, Json.object().put("timeout", DriverProcess.seconds(timeout))),
                timeout.plus(DriverProcess.GRACE), RdkafkaTxnErrors::exception);
    }
}
