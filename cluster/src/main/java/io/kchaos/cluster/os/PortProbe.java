package io.kchaos.cluster.os;

import io.kchaos.nemesis.cluster.EffectWait;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Whether anything accepts TCP connections on a node's ports: a killed or stopped broker's ports must be closed before
 * the fault holds. A connection refused or not answered within {@link #CONNECT_MS} counts as closed.
 */
public final class PortProbe {
    static final int CONNECT_MS = 250;

    private PortProbe() {
    }

    /** True when a connection to host:port is accepted. */
    public static boolean accepts(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), CONNECT_MS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The ports of {@code ports} on which host still accepts connections, e.g. {@code "35601"}; empty when all are closed. */
    public static String open(String host, List<Integer> ports) {
        return ports.stream().filter(p -> accepts(host, p)).map(String::valueOf).collect(Collectors.joining(", "));
    }

    /**
     * Returns once no port of {@code ports} on host accepts connections (within {@link EffectWait#BOUND}), else throws
     * {@link io.kchaos.nemesis.cluster.FaultNotHeld} naming the ports still open.
     *
     * @param node who listens there, for the message ("node 2")
     */
    public static void awaitClosed(String node, String host, List<Integer> ports) {
        EffectWait.until(node + "'s ports closed", () -> open(host, ports), String::isEmpty,
                open -> "still accepting on " + host + ":" + open);
    }
}
