package io.kchaos.workload.acl;

import io.kchaos.wire.AuthenticatedNodeClient;
import io.kchaos.wire.PublishedMetadataOffset;
import org.apache.kafka.common.protocol.Errors;

import java.io.IOException;

/** A {@link BrokerConnection} over Kafka's own client networking ({@link AuthenticatedNodeClient}) to that one broker. */
final class NodeConnection implements BrokerConnection {
    static final int TIMEOUT_MS = 5_000;

    private final AuthenticatedNodeClient client;

    NodeConnection(AuthenticatedNodeClient client) {
        this.client = client;
    }

    @Override
    public long publishedOffset() throws IOException {
        return PublishedMetadataOffset.read(client, TIMEOUT_MS);
    }

    @Override
    public Errors probe(ProbedRight right, String topic) throws IOException {
        return ProbeRequests.error(client.send(ProbeRequests.of(right, topic), TIMEOUT_MS));
    }

    @Override
    public void close() {
        client.close();
    }
}
