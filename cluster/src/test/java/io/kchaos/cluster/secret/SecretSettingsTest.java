package io.kchaos.cluster.secret;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecretSettingsTest {
    @ParameterizedTest
    @ValueSource(strings = {"ssl.truststore.password", "ssl.keystore.password", "ssl.key.password", "sasl.jaas.config",
            "ssl.keystore.key", "password.encoder.secret", "delegation.token.secret.key", "my.plugin.password",
            "listener.name.external.ssl.keystore.password", "listener.name.external.sasl.jaas.config",
            "listener.name.sasl_ssl.plain.sasl.jaas.config", "listener.name.internal.scram-sha-256.sasl.jaas.config"})
    void aPasswordTypedOrPrefixedKeyIsSecret(String key) {
        assertTrue(SecretSettings.isSecret(key), key);
        assertEquals(SecretSettings.REDACTED, SecretSettings.shown(key, "PLANTED-SECRET-91f3"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"acks", "ssl.truststore.location", "ssl.keystore.type", "sasl.mechanism", "security.protocol",
            "min.insync.replicas", "listener.name.external.sasl.enabled.mechanisms", "listener.name.x", "listener.name."})
    void anOrdinarySettingIsKept(String key) {
        assertFalse(SecretSettings.isSecret(key), key);
        assertEquals("v", SecretSettings.shown(key, "v"));
    }

    @Test
    void aMapKeepsItsOrderAndOnlyItsSecretsAreRedacted() {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("acks", "all");
        given.put("ssl.key.password", "s3");
        given.put("linger.ms", "5");
        assertEquals(List.of("acks=all", "ssl.key.password=[redacted]", "linger.ms=5"),
                SecretSettings.redacted(given).entrySet().stream().map(Object::toString).toList());
    }

    @Test
    void aSecretReadBackRedactedIsNotKept() {
        assertEquals(List.of("ssl.key.password"), SecretSettings.notKept(Map.of("ssl.key.password", "[redacted]", "acks", "all")));
        assertEquals(List.of(), SecretSettings.notKept(Map.of("ssl.key.password", "given-again", "acks", "[redacted]")));
    }
}
