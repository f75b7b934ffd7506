package io.kchaos.harness.client;

import io.kchaos.workload.TxnClient;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/**
 * A {@link TxnClient} over a transactional producer of an isolated release: each send's future completes in the
 * release's callback (before its {@code flush} returns), and every error is the built-in exception ({@link ReleaseErrors}).
 */
record ReleaseTxnClient(ClientBridge.TxnProducer p) implements TxnClient {
    @Override
    public void initTransactions() {
        ReleaseErrors.run(p::initTransactions);
    }

    @Override
    public void beginTransaction() {
        ReleaseErrors.run(p::beginTransaction);
    }

    @Override
    public Future<RecordMetadata> send(String topic, int partition, String key, String value) {
        CompletableFuture<RecordMetadata> f = new CompletableFuture<>();
        ReleaseErrors.run(() -> p.send(topic, partition, key, value, JavaClientRelease.outcome(topic, (metadata, error) -> {
            if (error == null) f.complete(metadata);
            else f.completeExceptionally(error);
        })));
        return f;
    }

    @Override
    public void flush() {
        ReleaseErrors.run(p::flush);
    }

    @Override
    public void commitTransaction() {
        ReleaseErrors.run(p::commitTransaction);
    }

    @Override
    public void abortTransaction() {
        ReleaseErrors.run(p::abortTransaction);
    }

    @Override
    public void close(Duration timeout) {
        ReleaseErrors.run(() -> p.close(timeout.toMillis()));
    }
}
