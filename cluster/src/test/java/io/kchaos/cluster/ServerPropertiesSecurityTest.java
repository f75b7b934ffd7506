package io.kchaos.cluster;

import io.kchaos.cluster.secret.SecretSettings;
import io.kchaos.cluster.security.ListenerSecurity;
import io.kchaos.cluster.security.RunCertificates;
import io.kchaos.cluster.security.SaslUser;
import io.kchaos.cluster.security.SecurityMode;
import io.kchaos.nemesis.cluster.NodeRole;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** server.properties of a secured node, for each {@link SecurityMode}: every listener, the controller's too, secured alike. */
class ServerPropertiesSecurityTest {
    private static final RunCertificates.Stores STORES = new RunCertificates.Stores(Path.of("/s/truststore.p12"),
            Map.of(1, Path.of("/s/node-1.p12")), Path.of("/s/client.p12"), "store-secret");
    private static final SaslUser USER = new SaslUser("kchaos", "sasl-secret");

    private static NodeListeners node(String listener) {
        Map<String, String> bind = new LinkedHashMap<>();
        bind.put(listener, "10.0.0.1:9092");
        bind.put(ServerProperties.CONTROLLER, "10.0.0.1:9093");
        return new NodeListeners(1, bind, Map.of(listener, "10.0.0.1:9092"), listener, "10.0.0.1:9093", List.of("/data/1"));
    }

    private static Properties render(SecurityMode mode, NodeRole role) throws Exception {
        ListenerSecurity security = new ListenerSecurity(mode, mode.tls() ? Path.of("/s/node-1.p12") : null, mode.tls() ? STORES : null,
                mode.sasl() ? USER : null);
        NodeListeners n = node(mode.protocol());
        Properties p = new Properties();
        p.load(new StringReader(ServerProperties.render(n, role, QuorumVoters.of(List.of(n), QuorumMode.STATIC), Map.of(), security)));
        return p;
    }

    @Test
    void plaintextIsAsBefore() throws Exception {
        Properties p = render(SecurityMode.PLAINTEXT, NodeRole.COMBINED);
        assertEquals("PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT", p.getProperty("listener.security.protocol.map"));
        assertTrue(p.stringPropertyNames().stream().noneMatch(k -> k.startsWith("ssl.") || k.contains("sasl")), p.toString());
    }

    @Test
    void tlsSecuresEveryListenerWithTheNodesKeystoreAndTheRunsTruststore() throws Exception {
        Properties p = render(SecurityMode.TLS, NodeRole.COMBINED);
        assertEquals("SSL:SSL,CONTROLLER:SSL", p.getProperty("listener.security.protocol.map"));
        assertEquals("SSL://10.0.0.1:9092,CONTROLLER://10.0.0.1:9093", p.getProperty("listeners"));
        assertEquals("SSL", p.getProperty("inter.broker.listener.name"));
        assertEquals("/s/node-1.p12", p.getProperty("ssl.keystore.location"));
        assertEquals("PKCS12", p.getProperty("ssl.keystore.type"));
        assertEquals("store-secret", p.getProperty("ssl.keystore.password"));
        assertEquals("/s/truststore.p12", p.getProperty("ssl.truststore.location"));
        assertNull(p.getProperty("ssl.client.auth"));
        assertNull(p.getProperty("sasl.enabled.mechanisms"));
    }

    @Test
    void mtlsRequiresClientCertificates() throws Exception {
        Properties p = render(SecurityMode.MTLS, NodeRole.COMBINED);
        assertEquals("SSL:SSL,CONTROLLER:SSL", p.getProperty("listener.security.protocol.map"));
        assertEquals("required", p.getProperty("ssl.client.auth"));
    }

    @Test
    void saslPlainLogsInAndAcceptsTheRunsUserOnEveryListener() throws Exception {
        Properties p = render(SecurityMode.SASL_PLAIN, NodeRole.COMBINED);
        assertEquals("SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT", p.getProperty("listener.security.protocol.map"));
        assertEquals("PLAIN", p.getProperty("sasl.enabled.mechanisms"));
        assertEquals("PLAIN", p.getProperty("sasl.mechanism.inter.broker.protocol"));
        assertEquals("PLAIN", p.getProperty("sasl.mechanism.controller.protocol"));
        String jaas = p.getProperty("listener.name.sasl_plaintext.plain.sasl.jaas.config");
        assertTrue(jaas.startsWith("org.apache.kafka.common.security.plain.PlainLoginModule required"), jaas);
        assertTrue(jaas.contains("username=\"kchaos\" password=\"sasl-secret\" user_kchaos=\"sasl-secret\";"), jaas);
        assertEquals(jaas, p.getProperty("listener.name.controller.plain.sasl.jaas.config"));
        assertNull(p.getProperty("ssl.keystore.location"));
    }

    @Test
    void saslScramUsesScramBetweenBrokersAndPlainOnTheControllerListener() throws Exception {
        Properties p = render(SecurityMode.SASL_SCRAM, NodeRole.COMBINED);
        assertEquals("SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT", p.getProperty("listener.security.protocol.map"));
        assertEquals("SCRAM-SHA-512", p.getProperty("sasl.enabled.mechanisms"));
        assertEquals("SCRAM-SHA-512", p.getProperty("sasl.mechanism.inter.broker.protocol"));
        assertEquals("PLAIN", p.getProperty("sasl.mechanism.controller.protocol"));
        assertEquals("PLAIN", p.getProperty("listener.name.controller.sasl.enabled.mechanisms"));
        assertEquals("org.apache.kafka.common.security.scram.ScramLoginModule required username=\"kchaos\" password=\"sasl-secret\";",
                p.getProperty("listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config"));
        assertTrue(p.getProperty("listener.name.controller.plain.sasl.jaas.config").contains("user_kchaos="));
    }

    @Test
    void saslScramOverTlsHasBoth() throws Exception {
        Properties p = render(SecurityMode.SASL_SCRAM_TLS, NodeRole.COMBINED);
        assertEquals("SASL_SSL:SASL_SSL,CONTROLLER:SASL_SSL", p.getProperty("listener.security.protocol.map"));
        assertEquals("/s/node-1.p12", p.getProperty("ssl.keystore.location"));
        assertEquals("SCRAM-SHA-512", p.getProperty("sasl.mechanism.inter.broker.protocol"));
        assertTrue(p.containsKey("listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config"));
    }

    @Test
    void aBrokerBesideControllersGetsTheControllerListenersLoginToReachThem() throws Exception {
        Properties p = render(SecurityMode.SASL_SCRAM, NodeRole.BROKER);
        assertEquals("SASL_PLAINTEXT://10.0.0.1:9092", p.getProperty("listeners"));
        assertEquals("SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT", p.getProperty("listener.security.protocol.map"));
        assertTrue(p.containsKey("listener.name.controller.plain.sasl.jaas.config"));
    }

    @Test
    void everyPasswordOfEveryModeIsASecretTheKeptFileRedacts() throws Exception {
        for (SecurityMode mode : SecurityMode.values()) {
            Properties p = render(mode, NodeRole.COMBINED);
            for (String key : p.stringPropertyNames()) {
                String value = p.getProperty(key);
                boolean holdsSecret = value.contains("store-secret") || value.contains("sasl-secret");
                assertFalse(holdsSecret && !SecretSettings.isSecret(key), mode + ": " + key + " holds a password but is no secret");
            }
        }
    }
}
