package io.kchaos.wire;

import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;

import java.io.IOException;
import java.util.Map;

/**
 * How the harness asks one node alone: over a plain socket ({@link #PLAIN}, {@link NodeRequest}) on a PLAINTEXT
 * cluster, or logged in with the run's client security settings ({@link AuthenticatedNodeClient}) on a secured one,
 * whose listeners a plain socket cannot talk to. The request goes at {@code version}: builders pin it.
 */
@FunctionalInterface
public interface NodeDialer {
    /** Plain sockets: every listener is PLAINTEXT. */
    NodeDialer PLAIN = (nodeId, host, port, builder, version, timeoutMs) -> NodeRequest.send(host, port, builder, version, timeoutMs);

    /** Sends {@code builder}'s request at {@code version} to node {@code nodeId} at host:port and returns its answer. */
    AbstractResponse send(int nodeId, String host, int port, AbstractRequest.Builder<?> builder, short version, int timeoutMs) throws IOException;

    /**
     * {@link #PLAIN} for empty settings, else a connection of its own per request, logged in with {@code security}
     * (security.protocol, ssl.*, sasl.*; secrets, never printed).
     */
    static NodeDialer of(Map<String, String> security) {
        if (security.isEmpty()) return PLAIN;
        Map<String, String> settings = Map.copyOf(security);
        return (nodeId, host, port, builder, version, timeoutMs) -> {
            try (AuthenticatedNodeClient client = new AuthenticatedNodeClient(nodeId, host, port, settings, "kchaos-node-request")) {
                return client.send(builder, timeoutMs);
            }
        };
    }
}
