package io.kchaos.wire;

import org.apache.kafka.clients.ApiVersions;
import org.apache.kafka.clients.ClientRequest;
import org.apache.kafka.clients.ClientResponse;
import org.apache.kafka.clients.ClientUtils;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.ManualMetadataUpdater;
import org.apache.kafka.clients.MetadataRecoveryStrategy;
import org.apache.kafka.clients.NetworkClient;
import org.apache.kafka.clients.NetworkClientUtils;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.network.ChannelBuilder;
import org.apache.kafka.common.network.Selector;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.utils.LogContext;
import org.apache.kafka.common.utils.Time;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A connection of its own to one node, logged in as the given client settings say (TLS, SASL: Kafka's own client
 * networking, {@link NetworkClient} with a channel built by {@link ClientUtils#createChannelBuilder}), that sends one
 * request at a time and waits for its answer; unlike {@link NodeRequest} it reaches secured listeners. Each request goes
 * at its builder's latest allowed version (no version discovery). Not thread-safe: one thread at a time.
 */
public final class AuthenticatedNodeClient implements AutoCloseable {
    /** How long one poll of the connection blocks at most (Kafka's own poll waits up to its request timeout). */
    private static final long POLL_MS = 100;

    private final Node node;
    private final Metrics metrics = new Metrics();
    private final NetworkClient client;
    private final Time time = Time.SYSTEM;

    /**
     * A client of node {@code nodeId} at host:port with {@code security} (security.protocol, ssl.*, sasl.*: a client's
     * settings, secrets included, never printed); it connects on the first request.
     */
    public AuthenticatedNodeClient(int nodeId, String host, int port, Map<String, String> security, String clientId) {
        this.node = new Node(nodeId, host, port);
        Map<String, Object> c = new HashMap<>(security);
        c.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, host + ":" + port);
        c.put(CommonClientConfigs.CLIENT_ID_CONFIG, clientId);
        AdminClientConfig config = new AdminClientConfig(c);
        LogContext log = new LogContext("[" + clientId + " node " + nodeId + "] ");
        ChannelBuilder channels = ClientUtils.createChannelBuilder(config, time, log);
        Selector selector = new Selector(config.getLong(CommonClientConfigs.CONNECTIONS_MAX_IDLE_MS_CONFIG), metrics, time, "kchaos-node",
                channels, log);
        client = new NetworkClient(selector, new ManualMetadataUpdater(List.of(node)), clientId, 1,
                config.getLong(CommonClientConfigs.RECONNECT_BACKOFF_MS_CONFIG), config.getLong(CommonClientConfigs.RECONNECT_BACKOFF_MAX_MS_CONFIG),
                config.getInt(CommonClientConfigs.SEND_BUFFER_CONFIG), config.getInt(CommonClientConfigs.RECEIVE_BUFFER_CONFIG),
                config.getInt(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG),
                config.getLong(CommonClientConfigs.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG),
                config.getLong(CommonClientConfigs.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG),
                time, false, new ApiVersions(), log, MetadataRecoveryStrategy.NONE);
    }

    /** The node this client talks to. */
    public Node node() {
        return node;
    }

    /**
     * Sends {@code builder}'s request (at its latest allowed version) and returns the node's answer; an IOException when
     * the connection or the login fails, or no answer comes within {@code timeoutMs} (the connection is then closed,
     * and the next request opens a new one). A failed login throws Kafka's AuthenticationException.
     * The wait is polled in short steps: NetworkClient's poll would block for its whole default request timeout.
     */
    public AbstractResponse send(AbstractRequest.Builder<?> builder, int timeoutMs) throws IOException {
        long start = time.milliseconds();
        if (!NetworkClientUtils.awaitReady(client, node, time, timeoutMs)) {
            client.close(node.idString());
            throw new IOException("no connection to node " + node.id() + " (" + node.host() + ":" + node.port() + ") within " + timeoutMs + " ms");
        }
        long deadline = start + timeoutMs;
        ClientRequest request = client.newClientRequest(node.idString(), builder, time.milliseconds(), true,
                (int) Math.max(1, deadline - time.milliseconds()), null);
        client.send(request, time.milliseconds());
        while (true) {
            long left = deadline - time.milliseconds();
            if (left <= 0) {
                client.close(node.idString());
                throw new IOException("no answer from node " + node.id() + " within " + timeoutMs + " ms");
            }
            for (ClientResponse r : client.poll(Math.min(left, POLL_MS), time.milliseconds())) {
                if (r.requestHeader().correlationId() != request.correlationId()) continue;
                if (r.wasDisconnected()) throw new IOException("node " + node.id() + " disconnected before it answered");
                if (r.versionMismatch() != null) throw new IOException(r.versionMismatch());
                if (r.responseBody() == null) throw new IOException("no answer from node " + node.id());
                return r.responseBody();
            }
        }
    }

    @Override
    public void close() {
        try {
            client.close();
        } finally {
            metrics.close();
        }
    }
}
