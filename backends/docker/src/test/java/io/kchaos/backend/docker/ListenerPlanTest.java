package io.kchaos.backend.docker;

import io.kchaos.cluster.NodeListeners;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.nemesis.cluster.Traffic;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ListenerPlanTest {

    private static Map<String, String> lines(String properties) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String l : properties.split("\n")) {
            if (l.startsWith("#") || l.isBlank()) continue;
            int eq = l.indexOf('=');
            m.put(l.substring(0, eq), l.substring(eq + 1));
        }
        return m;
    }

    @Test
    void twoProxiesPerNodeOnConsecutiveToxiproxyPortsInFrontOfItsClientAndReplicationListeners() {
        List<ProxySpec> p = ListenerPlan.proxies(List.of(1, 2, 3));
        assertEquals(List.of(
                new ProxySpec(1, Traffic.CLIENT, 8666, "kafka-1:9092"), new ProxySpec(1, Traffic.REPLICATION, 8667, "kafka-1:9093"),
                new ProxySpec(2, Traffic.CLIENT, 8668, "kafka-2:9092"), new ProxySpec(2, Traffic.REPLICATION, 8669, "kafka-2:9093"),
                new ProxySpec(3, Traffic.CLIENT, 8670, "kafka-3:9092"), new ProxySpec(3, Traffic.REPLICATION, 8671, "kafka-3:9093")), p);
        assertEquals("kafka-2-replication", p.get(3).name());
        assertEquals("0.0.0.0:8669", p.get(3).listen());
        assertEquals(32, ListenerPlan.proxies(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)).size());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ListenerPlan.proxies(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)));
        assertTrue(e.getMessage().contains("at most 16 nodes"), e.getMessage());
    }

    @Test
    void proxiedNodesAdvertiseTheProxiesSoClientsAndFollowersGoThroughToxiproxy() {
        List<ProxySpec> proxies = ListenerPlan.proxies(List.of(1, 2, 3));
        Map<Integer, NodeListeners> plan = ListenerPlan.proxied("127.0.0.1", proxies, port -> port + 30000);
        Map<String, String> p = lines(ServerProperties.render(plan.get(2), plan.values(), Map.of("min.insync.replicas", "2")));
        assertEquals("CLIENT://127.0.0.1:38668,REPLICATION://toxiproxy:8669", p.get("advertised.listeners"),
                "clients use the host port mapped to node 2's client proxy; followers use its replication proxy");
        assertEquals("CLIENT://0.0.0.0:9092,REPLICATION://0.0.0.0:9093,CONTROLLER://0.0.0.0:9094", p.get("listeners"));
        assertEquals("REPLICATION", p.get("inter.broker.listener.name"));
        assertEquals("1@kafka-1:9094,2@kafka-2:9094,3@kafka-3:9094", p.get("controller.quorum.voters"), "the quorum is not proxied");
        assertEquals("CLIENT:PLAINTEXT,REPLICATION:PLAINTEXT,CONTROLLER:PLAINTEXT", p.get("listener.security.protocol.map"));
        assertEquals("CONTROLLER", p.get("controller.listener.names"));
        assertEquals("/kchaos/node/data", p.get("log.dirs"));
        assertEquals("2", p.get("node.id"));
        assertEquals("2", p.get("min.insync.replicas"));
        for (ProxySpec x : proxies) {
            String advertised = lines(ServerProperties.render(plan.get(x.node()), plan.values(), Map.of())).get("advertised.listeners");
            String expected = x.traffic() == Traffic.CLIENT ? "CLIENT://127.0.0.1:" + (x.port() + 30000) : "REPLICATION://toxiproxy:" + x.port();
            assertTrue(advertised.contains(expected), "every proxy is advertised by its node: " + expected);
        }
    }

    @Test
    void directNodesAdvertiseTheirHostPortToClientsAndTheirAliasToFollowers() {
        Map<Integer, NodeListeners> plan = ListenerPlan.direct("127.0.0.1", Map.of(1, 40001));
        Map<String, String> p = lines(ServerProperties.render(plan.get(1), plan.values(), Map.of()));
        assertEquals("CLIENT://127.0.0.1:40001,REPLICATION://kafka-1:9093", p.get("advertised.listeners"));
        assertEquals("1@kafka-1:9094", p.get("controller.quorum.voters"));
    }

    /** A dedicated controller's container binds its CONTROLLER listener only; the brokers' voters name the controllers alone. */
    @Test
    void aDedicatedControllerBindsOnlyItsControllerListenerAndIsTheOnlyVoter() {
        Map<Integer, NodeListeners> brokers = ListenerPlan.direct("127.0.0.1", Map.of(1, 40001));
        NodeListeners controller = ListenerPlan.controller(2);
        io.kchaos.cluster.QuorumVoters voters = io.kchaos.cluster.QuorumVoters.of(List.of(controller), io.kchaos.cluster.QuorumMode.STATIC);
        Map<String, String> c = lines(ServerProperties.render(controller, io.kchaos.nemesis.cluster.NodeRole.CONTROLLER, voters, Map.of()));
        assertEquals("controller", c.get("process.roles"));
        assertEquals("CONTROLLER://0.0.0.0:9094", c.get("listeners"));
        assertTrue(!c.containsKey("advertised.listeners"), c.toString());
        Map<String, String> b = lines(ServerProperties.render(brokers.get(1), io.kchaos.nemesis.cluster.NodeRole.BROKER, voters, Map.of()));
        assertEquals("broker", b.get("process.roles"));
        assertEquals("2@kafka-2:9094", b.get("controller.quorum.voters"));
        assertTrue(!b.get("listeners").contains("CONTROLLER"), b.get("listeners"));
    }
}
