package io.kchaos.cluster.security;

import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The client side of each {@link SecurityMode}, and the mode's names. */
class ClientSecurityTest {
    private static final RunCertificates.Stores STORES = new RunCertificates.Stores(Path.of("/s/truststore.p12"),
            Map.of(1, Path.of("/s/node-1.p12")), Path.of("/s/client.p12"), "store-secret");
    private static final SaslUser USER = new SaslUser("kchaos", "sasl-secret");

    private static Map<String, String> of(SecurityMode mode) {
        return ClientSecurity.settings(mode, mode.tls() ? STORES : null, mode.sasl() ? USER : null);
    }

    @Test
    void plaintextAddsNothing() {
        assertEquals(Map.of(), of(SecurityMode.PLAINTEXT));
    }

    @Test
    void tlsTrustsTheRunsCaAndPresentsNoCertificate() {
        Map<String, String> s = of(SecurityMode.TLS);
        assertEquals("SSL", s.get("security.protocol"));
        assertEquals("/s/truststore.p12", s.get("ssl.truststore.location"));
        assertEquals("PKCS12", s.get("ssl.truststore.type"));
        assertEquals("store-secret", s.get("ssl.truststore.password"));
        assertNull(s.get("ssl.keystore.location"));
        assertNull(s.get("sasl.mechanism"));
    }

    @Test
    void mtlsPresentsTheClientsCertificate() {
        Map<String, String> s = of(SecurityMode.MTLS);
        assertEquals("SSL", s.get("security.protocol"));
        assertEquals("/s/client.p12", s.get("ssl.keystore.location"));
        assertEquals("store-secret", s.get("ssl.key.password"));
    }

    @Test
    void saslLogsInAsTheRunsUser() {
        Map<String, String> plain = of(SecurityMode.SASL_PLAIN);
        assertEquals("SASL_PLAINTEXT", plain.get("security.protocol"));
        assertEquals("PLAIN", plain.get("sasl.mechanism"));
        assertEquals("org.apache.kafka.common.security.plain.PlainLoginModule required username=\"kchaos\" password=\"sasl-secret\";",
                plain.get("sasl.jaas.config"));
        Map<String, String> scram = of(SecurityMode.SASL_SCRAM);
        assertEquals("SCRAM-SHA-512", scram.get("sasl.mechanism"));
        assertTrue(scram.get("sasl.jaas.config").startsWith("org.apache.kafka.common.security.scram.ScramLoginModule required"));
        assertNull(scram.get("ssl.truststore.location"));
        Map<String, String> scramTls = of(SecurityMode.SASL_SCRAM_TLS);
        assertEquals("SASL_SSL", scramTls.get("security.protocol"));
        assertEquals("/s/truststore.p12", scramTls.get("ssl.truststore.location"));
    }

    @Test
    void kafkasClientsAcceptEveryModesSettings() {
        for (SecurityMode mode : SecurityMode.values()) {
            Map<String, Object> c = new HashMap<>(of(mode));
            c.put("bootstrap.servers", "10.0.0.1:9092");
            c.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, "org.apache.kafka.common.serialization.StringSerializer");
            c.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, "org.apache.kafka.common.serialization.StringSerializer");
            new ProducerConfig(c); // throws on an unknown value
            new AdminClientConfig(c);
        }
    }

    @Test
    void theModesParseByTheirNamesAndAnUnknownOneIsOneLine() {
        for (SecurityMode mode : SecurityMode.values()) assertEquals(mode, SecurityMode.parse(mode.wire()));
        assertEquals(SecurityMode.PLAINTEXT, SecurityMode.parse(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SecurityMode.parse("ssl"));
        assertEquals("unknown --security 'ssl'; known: plaintext, tls, mtls, sasl-plain, sasl-scram, sasl-scram-tls", e.getMessage());
    }

    @Test
    void theSaslUsersPasswordIsRandomAndNeverPrinted() {
        SaslUser a = SaslUser.random();
        assertFalse(a.password().equals(SaslUser.random().password()));
        assertFalse(a.toString().contains(a.password()));
        assertEquals("SCRAM-SHA-512=[name=kchaos,password=" + a.password() + "]", a.scramFormatValue());
    }
}
