package io.kchaos.proxy;

import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Which clients the proxy's Kafka ports serve: those on this machine's loopback only. Kroxylicious 0.12.0's
 * port-per-node gateway takes no bind address and listens on every interface, so the filter closes a connection
 * from anywhere else at its first request, before anything of it reaches a broker.
 */
final class LoopbackClients {
    private LoopbackClients() {
    }

    /** Whether a client at {@code remote} may go on: a loopback address (IPv4 or IPv6), nothing else. */
    static boolean admits(SocketAddress remote) {
        return remote instanceof InetSocketAddress a && a.getAddress() != null && a.getAddress().isLoopbackAddress();
    }
}
