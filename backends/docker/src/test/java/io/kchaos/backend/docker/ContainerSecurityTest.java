package io.kchaos.backend.docker;

import io.kchaos.cluster.NodeListeners;
import io.kchaos.nemesis.cluster.NodeRole;
import io.kchaos.cluster.QuorumMode;
import io.kchaos.cluster.QuorumVoters;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.security.ClusterSecurity;
import io.kchaos.cluster.security.SecurityMode;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a secured run puts into each container: the node's stores and the SCRAM credential as files of the container,
 * every listener (client, replication, controller) secured in server.properties with the stores where the container
 * finds them, and certificates naming every name a node is dialed at.
 */
class ContainerSecurityTest {
    @Test
    void aNodeIsDialedAtItsAliasThePublishedHostAndToxiproxyWhenProxied() {
        assertEquals(List.of("kafka-2", "127.0.0.1"), ListenerPlan.dialedAt(2, true, "127.0.0.1", false));
        assertEquals(List.of("kafka-2", "docker-host.example", "toxiproxy"), ListenerPlan.dialedAt(2, true, "docker-host.example", true));
        assertEquals(List.of("kafka-4"), ListenerPlan.dialedAt(4, false, "127.0.0.1", true), "a dedicated controller: its alias alone");
    }

    @Test
    void tlsCopiesTheNodesKeystoreAndTheTruststoreIntoTheContainerAndSecuresEveryListener() throws Exception {
        try (ClusterSecurity security = ClusterSecurity.createNamed(SecurityMode.SASL_SCRAM_TLS,
                Map.of(1, ListenerPlan.dialedAt(1, true, "127.0.0.1", false)))) {
            ContainerSecurity c = new ContainerSecurity(security);
            Map<String, byte[]> files = c.files(1);
            assertEquals(List.of(ContainerSecurity.KEYSTORE, ContainerSecurity.TRUSTSTORE, ContainerSecurity.SCRAM), List.copyOf(files.keySet()));
            assertArrayEquals(Files.readAllBytes(security.listeners(1).keystore()), files.get(ContainerSecurity.KEYSTORE));
            assertTrue(new String(files.get(ContainerSecurity.SCRAM), StandardCharsets.UTF_8).startsWith("SCRAM-SHA-512=[name=kchaos,password="));
            assertEquals(Optional.of(ContainerSecurity.SCRAM), c.scramFile());

            NodeListeners node = ListenerPlan.direct("127.0.0.1", Map.of(1, 40001)).get(1);
            String props = ServerProperties.render(node, NodeRole.COMBINED, QuorumVoters.of(List.of(node), QuorumMode.STATIC), Map.of(),
                    c.listeners(1));
            assertTrue(props.contains("listener.security.protocol.map=CLIENT:SASL_SSL,REPLICATION:SASL_SSL,CONTROLLER:SASL_SSL"), props);
            assertTrue(props.contains("ssl.keystore.location=" + ContainerSecurity.KEYSTORE), props);
            assertTrue(props.contains("ssl.truststore.location=" + ContainerSecurity.TRUSTSTORE), props);
            assertTrue(props.contains("listener.name.replication.scram-sha-512.sasl.jaas.config="), props);
            assertTrue(props.contains("listener.name.controller.sasl.enabled.mechanisms="), props);
            assertFalse(props.contains(security.listeners(1).keystore().getParent().toString()), "no path of the harness's scratch folder");
        }
    }

    @Test
    void saslPlainCopiesNothingAndPlaintextNothingEither() {
        try (ClusterSecurity plain = ClusterSecurity.createNamed(SecurityMode.SASL_PLAIN, Map.of(1, List.of("kafka-1")))) {
            assertEquals(Map.of(), new ContainerSecurity(plain).files(1));
            assertEquals(Optional.empty(), new ContainerSecurity(plain).scramFile());
        }
        assertEquals(Map.of(), new ContainerSecurity(ClusterSecurity.PLAINTEXT).files(1));
        assertEquals(Path.of(ContainerSecurity.KEYSTORE).getParent().toString(), ContainerSecurity.DIR);
    }

    @Test
    void underScramTheFormatReadsTheCredentialFromTheContainersFileNotItsCommandLine() {
        String script = BrokerCommand.entrypoint(1, "AbCdEf", 384, Optional.of(ContainerSecurity.SCRAM)).get(2);
        assertTrue(script.contains("-c /kchaos/node/server.properties --add-scram \"$(cat '/kchaos/security/scram-credential')\" >> "), script);
        assertFalse(BrokerCommand.entrypoint(1, "AbCdEf", 384).get(2).contains("--add-scram"));
    }
}
