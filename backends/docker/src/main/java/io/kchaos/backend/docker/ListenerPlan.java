package io.kchaos.backend.docker;

import io.kchaos.cluster.NodeListeners;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.nemesis.cluster.Traffic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * Where each containerized node listens and what it advertises. Every node has three listeners: CLIENT (the harness's
 * clients, from the host), REPLICATION (the inter-broker listener followers fetch from) and CONTROLLER (the KRaft
 * quorum, reached directly by network alias). Direct: clients reach a node through a host port bound to its CLIENT
 * listener, followers reach {@code kafka-<id>} itself. Proxied: both go through Toxiproxy, one proxy per node and
 * traffic, so toxics can hit client traffic, replication traffic, or both.
 */
public final class ListenerPlan {
    public static final String CLIENT = "CLIENT";
    public static final String REPLICATION = "REPLICATION";
    public static final int CLIENT_PORT = 9092;
    public static final int REPLICATION_PORT = 9093;
    public static final int CONTROLLER_PORT = 9094;
    /** The Toxiproxy container's network alias. */
    public static final String TOXIPROXY = "toxiproxy";
    /** The Toxiproxy container's proxy ports (what the Testcontainers module exposes): 8666–8697. */
    public static final int FIRST_PROXY_PORT = 8666;
    public static final int PROXY_PORTS = 32;
    /** Where a node's folder {@code nodes/<id>/} is mounted inside its container. */
    public static final String NODE_MOUNT = "/kchaos/node";

    private ListenerPlan() {
    }

    /** A node's network alias, e.g. {@code kafka-1}. */
    public static String alias(int node) {
        return "kafka-" + node;
    }

    /**
     * Every name node {@code id} is dialed at, which its certificate must carry: its alias (the controller listener, and
     * the replication listener when direct), and for a broker the host its client port is published on, and Toxiproxy's
     * alias when followers go through it.
     */
    public static List<String> dialedAt(int id, boolean broker, String clientHost, boolean proxied) {
        List<String> names = new ArrayList<>(List.of(alias(id)));
        if (broker) names.add(clientHost);
        if (broker && proxied) names.add(TOXIPROXY);
        return names;
    }

    /** Clients at {@code clientHost:<host port of the node>}, followers at the node itself. */
    public static Map<Integer, NodeListeners> direct(String clientHost, Map<Integer, Integer> hostPorts) {
        Map<Integer, NodeListeners> m = new LinkedHashMap<>();
        hostPorts.forEach((id, port) -> m.put(id, listeners(id, clientHost + ":" + port, alias(id) + ":" + REPLICATION_PORT)));
        return m;
    }

    /** Two proxies per node, client then replication, on consecutive Toxiproxy ports in node order. */
    public static List<ProxySpec> proxies(List<Integer> nodeIds) {
        if (nodeIds.size() * 2 > PROXY_PORTS) {
            throw new IllegalArgumentException("Toxiproxy has " + PROXY_PORTS + " proxy ports: at most " + PROXY_PORTS / 2 + " nodes");
        }
        List<ProxySpec> proxies = new ArrayList<>();
        int port = FIRST_PROXY_PORT;
        for (int id : nodeIds) {
            proxies.add(new ProxySpec(id, Traffic.CLIENT, port++, alias(id) + ":" + CLIENT_PORT));
            proxies.add(new ProxySpec(id, Traffic.REPLICATION, port++, alias(id) + ":" + REPLICATION_PORT));
        }
        return proxies;
    }

    /**
     * Clients at {@code clientHost:<host port mapped to the node's client proxy>}, followers at
     * {@code toxiproxy:<the node's replication proxy port>}.
     */
    public static Map<Integer, NodeListeners> proxied(String clientHost, List<ProxySpec> proxies, IntUnaryOperator mappedPort) {
        Map<Integer, String> client = new LinkedHashMap<>();
        Map<Integer, String> replication = new LinkedHashMap<>();
        for (ProxySpec p : proxies) {
            if (p.traffic() == Traffic.CLIENT) client.put(p.node(), clientHost + ":" + mappedPort.applyAsInt(p.port()));
            else replication.put(p.node(), TOXIPROXY + ":" + p.port());
        }
        Map<Integer, NodeListeners> m = new LinkedHashMap<>();
        client.forEach((id, c) -> m.put(id, listeners(id, c, replication.get(id))));
        return m;
    }

    /**
     * A dedicated controller's listeners: it binds and is reached on {@code CONTROLLER} only (ServerProperties drops the
     * others for a controller's role), so its client and replication addresses are never written.
     */
    public static NodeListeners controller(int id) {
        return listeners(id, alias(id) + ":" + CLIENT_PORT, alias(id) + ":" + REPLICATION_PORT);
    }

    private static NodeListeners listeners(int id, String clientAdvertised, String replicationAdvertised) {
        Map<String, String> bind = new LinkedHashMap<>();
        bind.put(CLIENT, "0.0.0.0:" + CLIENT_PORT);
        bind.put(REPLICATION, "0.0.0.0:" + REPLICATION_PORT);
        bind.put(ServerProperties.CONTROLLER, "0.0.0.0:" + CONTROLLER_PORT);
        Map<String, String> advertised = new LinkedHashMap<>();
        advertised.put(CLIENT, clientAdvertised);
        advertised.put(REPLICATION, replicationAdvertised);
        return new NodeListeners(id, bind, advertised, REPLICATION, alias(id) + ":" + CONTROLLER_PORT, List.of(NODE_MOUNT + "/data"));
    }
}
