package io.kchaos.proxy;

import io.kroxylicious.proxy.config.ConfigParser;
import io.kroxylicious.proxy.config.Configuration;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TlsStoresTest {
    private static final Map<Integer, String> NODES = new LinkedHashMap<>(Map.of(1, "10.0.0.1:9092"));

    @Test
    void theArgumentNamesTheStoresAndThePasswordComesFromTheEnvironment() {
        TlsStores t = TlsStores.parse("tls=/s/loopback.p12,/s/truststore.p12,true", "secret");
        assertEquals(new TlsStores("/s/loopback.p12", "/s/truststore.p12", true, "secret"), t);
        assertFalse(t.toString().contains("secret"), t.toString());
        assertThrows(IllegalArgumentException.class, () -> TlsStores.parse("tls=/s/a.p12,/s/b.p12", "secret"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TlsStores.parse("tls=/a,/b,false", null));
        assertTrue(e.getMessage().contains(TlsStores.PASSWORD_ENV), e.getMessage());
    }

    @Test
    void kroxyliciousTakesTheYamlWithTlsOnBothSides() {
        for (boolean mutual : new boolean[] {false, true}) {
            TlsStores t = new TlsStores("/s/loopback.p12", "/s/truststore.p12", mutual, "secret");
            String yaml = ProxyYaml.of("127.0.0.1", 9192, NODES, Optional.of(t));
            Configuration config = new ConfigParser().parseConfiguration(yaml);
            assertEquals(1, config.virtualClusters().size(), yaml);
            assertTrue(yaml.contains("    targetCluster:\n      bootstrapServers: 10.0.0.1:9092\n      tls:\n        trust:\n          storeFile: /s/truststore.p12"), yaml);
            assertEquals(mutual, yaml.contains("        key:\n          storeFile: /s/loopback.p12"), yaml);
            assertTrue(yaml.contains("        tls:\n          key:\n            storeFile: /s/loopback.p12"), "the gateway's key: " + yaml);
        }
        assertFalse(ProxyYaml.of("127.0.0.1", 9192, NODES).contains("tls:"), "plaintext stays plaintext");
    }
}
