package io.kchaos.cluster;

import io.kchaos.cluster.security.AclAuthorizer;
import io.kchaos.cluster.security.SaslUser;
import io.kchaos.cluster.version.VersionProfile;
import io.kchaos.nemesis.cluster.NodeRole;
import org.junit.jupiter.api.Test;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** server.properties and format arguments of combined nodes, brokers and dedicated controllers, static and dynamic. */
class ServerPropertiesTest {
    private static NodeListeners node(int id) {
        String host = "10.0.0." + id;
        Map<String, String> bind = new LinkedHashMap<>();
        bind.put("PLAINTEXT", host + ":9092");
        bind.put(ServerProperties.CONTROLLER, host + ":9093");
        return new NodeListeners(id, bind, Map.of("PLAINTEXT", host + ":9092"), "PLAINTEXT", host + ":9093", List.of("/data/" + id));
    }

    private static final List<NodeListeners> CONTROLLERS = List.of(node(4), node(5), node(6));

    private static Properties parse(String file) throws Exception {
        Properties p = new Properties();
        p.load(new java.io.StringReader(file));
        return p;
    }

    @Test
    void aCombinedNodeIsBrokerAndControllerWithStaticVotersAsBefore() throws Exception {
        Properties p = parse(ServerProperties.render(node(1), List.of(node(1), node(2)), Map.of("min.insync.replicas", "2")));

        assertEquals("broker,controller", p.getProperty("process.roles"));
        assertEquals("1@10.0.0.1:9093,2@10.0.0.2:9093", p.getProperty("controller.quorum.voters"));
        assertEquals("PLAINTEXT://10.0.0.1:9092,CONTROLLER://10.0.0.1:9093", p.getProperty("listeners"));
        assertEquals("PLAINTEXT", p.getProperty("inter.broker.listener.name"));
        assertEquals("2", p.getProperty("min.insync.replicas"));
    }

    @Test
    void theAclWorkloadsAuthorizerReachesBrokersAndControllersAlike() throws Exception {
        QuorumVoters voters = QuorumVoters.of(CONTROLLERS, QuorumMode.STATIC);
        for (NodeRole role : List.of(NodeRole.BROKER, NodeRole.CONTROLLER)) {
            Properties p = parse(ServerProperties.render(node(5), role, voters, AclAuthorizer.settings()));
            assertEquals("org.apache.kafka.metadata.authorizer.StandardAuthorizer", p.getProperty("authorizer.class.name"), role.name());
            assertEquals("User:" + SaslUser.NAME, p.getProperty("super.users"), role.name());
            assertEquals("false", p.getProperty("allow.everyone.if.no.acl.found"), role.name());
        }
    }

    @Test
    void aDedicatedControllerBindsOnlyTheControllerListener() throws Exception {
        QuorumVoters voters = QuorumVoters.of(CONTROLLERS, QuorumMode.STATIC);
        Properties p = parse(ServerProperties.render(node(5), NodeRole.CONTROLLER, voters, Map.of()));

        assertEquals("controller", p.getProperty("process.roles"));
        assertEquals("5", p.getProperty("node.id"));
        assertEquals("4@10.0.0.4:9093,5@10.0.0.5:9093,6@10.0.0.6:9093", p.getProperty("controller.quorum.voters"));
        assertEquals("CONTROLLER://10.0.0.5:9093", p.getProperty("listeners"));
        assertNull(p.getProperty("advertised.listeners"));
        assertNull(p.getProperty("inter.broker.listener.name"));
        assertEquals("CONTROLLER", p.getProperty("controller.listener.names"));
        assertEquals("PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT", p.getProperty("listener.security.protocol.map"));
    }

    @Test
    void aBrokerBesideControllersBindsNoControllerListenerAndNamesTheVoters() throws Exception {
        QuorumVoters voters = QuorumVoters.of(CONTROLLERS, QuorumMode.STATIC);
        Properties p = parse(ServerProperties.render(node(1), NodeRole.BROKER, voters, Map.of()));

        assertEquals("broker", p.getProperty("process.roles"));
        assertEquals("PLAINTEXT://10.0.0.1:9092", p.getProperty("listeners"));
        assertEquals("PLAINTEXT://10.0.0.1:9092", p.getProperty("advertised.listeners"));
        assertEquals("4@10.0.0.4:9093,5@10.0.0.5:9093,6@10.0.0.6:9093", p.getProperty("controller.quorum.voters"));
        assertEquals("CONTROLLER", p.getProperty("controller.listener.names"));
        assertEquals(List.of(), voters.formatArgs(1, NodeRole.BROKER), "a static quorum formats as before");
        assertEquals(List.of(), voters.formatArgs(4, NodeRole.CONTROLLER));
    }

    @Test
    void aSettingKafkaAcceptsOnlyOnControllersGoesToTheControllersOnly() throws Exception {
        QuorumVoters voters = QuorumVoters.of(CONTROLLERS, QuorumMode.DYNAMIC);
        Map<String, String> given = Map.of("controller.quorum.auto.join.enable", "true", "min.insync.replicas", "2");
        Properties controller = parse(ServerProperties.render(node(4), NodeRole.CONTROLLER, voters, given));
        Properties broker = parse(ServerProperties.render(node(1), NodeRole.BROKER, voters, given));

        assertEquals("true", controller.getProperty("controller.quorum.auto.join.enable"));
        assertNull(broker.getProperty("controller.quorum.auto.join.enable"), "a broker refuses it, even at format");
        assertEquals("2", broker.getProperty("min.insync.replicas"));
    }

    @Test
    void aDynamicQuorumHasBootstrapServersAndFormatsVotersWithDirectoryIds() throws Exception {
        QuorumVoters voters = QuorumVoters.of(CONTROLLERS, QuorumMode.DYNAMIC);
        Properties controller = parse(ServerProperties.render(node(4), NodeRole.CONTROLLER, voters, Map.of()));
        Properties broker = parse(ServerProperties.render(node(1), NodeRole.BROKER, voters, Map.of()));

        for (Properties p : List.of(controller, broker)) {
            assertNull(p.getProperty("controller.quorum.voters"));
            assertEquals("10.0.0.4:9093,10.0.0.5:9093,10.0.0.6:9093", p.getProperty("controller.quorum.bootstrap.servers"));
        }
        assertEquals(List.of("--no-initial-controllers"), voters.formatArgs(1, NodeRole.BROKER));
        List<String> args = voters.formatArgs(4, NodeRole.CONTROLLER);
        assertEquals("--initial-controllers", args.get(0));
        String[] entries = args.get(1).split(",");
        assertEquals(3, entries.length);
        for (int i = 0; i < 3; i++) {
            String[] parts = entries[i].split(":");
            assertEquals((4 + i) + "@10.0.0." + (4 + i), parts[0]);
            assertEquals("9093", parts[1]);
            assertEquals(16, Base64.getUrlDecoder().decode(parts[2]).length, "a Kafka Uuid: 16 bytes, base64: " + parts[2]);
            assertEquals(voters.directoryIds().get(4 + i), parts[2]);
        }
        assertEquals(args, voters.formatArgs(5, NodeRole.COMBINED), "every voter is formatted with the same initial voters");
        assertEquals(3, voters.directoryIds().values().stream().distinct().count());
    }

    @Test
    void dynamicQuorumsNeedKafka39AndTheModeIsParsedStrictly() {
        assertNull(QuorumMode.DYNAMIC.refusedOn(VersionProfile.of("3.9.1")));
        assertNull(QuorumMode.STATIC.refusedOn(VersionProfile.of("3.7.0")));
        assertEquals("--quorum dynamic needs Kafka 3.9 or later (KIP-853); Kafka 3.8.1 has only a static quorum: use --quorum static",
                QuorumMode.DYNAMIC.refusedOn(VersionProfile.of("3.8.1")));
        assertEquals(QuorumMode.DYNAMIC, QuorumMode.parse("dynamic"));
        assertEquals("unknown --quorum 'raft'; known: static, dynamic",
                assertThrows(IllegalArgumentException.class, () -> QuorumMode.parse("raft")).getMessage());
    }

    @Test
    void controllersTakeTheIdsAfterTheBrokersAndASmallerHeap() {
        assertEquals(4, QuorumSpec.controllerId(3, 1));
        assertEquals(6, QuorumSpec.controllerId(3, 3));
        assertFalse(QuorumSpec.COMBINED.dedicated());
        assertTrue(new QuorumSpec(3, QuorumMode.STATIC).dedicated());
        assertEquals(256, new ClusterSpec(3, null, Map.of(), 512, null, new QuorumSpec(3, QuorumMode.STATIC)).controllerHeapMb());
        assertEquals(192, new ClusterSpec(3, null, Map.of(), 192, null).controllerHeapMb());
    }

    @Test
    void aJbodBrokerGetsEachOfItsLogDirsInLogDirsInOrder() throws Exception {
        NodeListeners one = node(1);
        NodeListeners jbod = new NodeListeners(1, one.bind(), one.advertised(), one.interBroker(), one.controllerAddress(),
                List.of("/data/1/disk-0", "/data/1/disk-1", "/data/1/disk-2"));
        Properties p = parse(ServerProperties.render(jbod, List.of(jbod), Map.of()));
        assertEquals("/data/1/disk-0,/data/1/disk-1,/data/1/disk-2", p.getProperty("log.dirs"));
        assertEquals("/data/1", parse(ServerProperties.render(one, List.of(one), Map.of())).getProperty("log.dirs"), "one dir as before");
        assertThrows(IllegalArgumentException.class, () -> new NodeListeners(1, one.bind(), one.advertised(), one.interBroker(),
                one.controllerAddress(), List.of()));
    }
}
