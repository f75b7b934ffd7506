package io.kchaos.workload.rdkafka;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RdkafkaSecurityTest {
    @Test
    void plaintextAddsNothing() {
        assertEquals(Map.of(), RdkafkaSecurity.of(Map.of()));
    }

    @Test
    void theSaslLoginBecomesUserNameAndPassword() {
        Map<String, String> java = Map.of("security.protocol", "SASL_PLAINTEXT", "sasl.mechanism", "SCRAM-SHA-512", "sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"kchaos\" password=\"p\\\"w=1\";");
        assertEquals(Map.of("security.protocol", "SASL_PLAINTEXT", "sasl.mechanisms", "SCRAM-SHA-512", "sasl.username", "kchaos",
                "sasl.password", "p\"w=1"), RdkafkaSecurity.of(java));
        assertThrows(IllegalArgumentException.class, () -> RdkafkaSecurity.of(Map.of("security.protocol", "SASL_PLAINTEXT",
                "sasl.mechanism", "PLAIN", "sasl.jaas.config", "x required;")));
    }

    @Test
    void thePkcs12TruststoreBecomesAnInlinePemAndTheKeystoreStays(@TempDir Path dir) throws Exception {
        Path store = dir.resolve("truststore.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair",
                "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=test-ca", "-validity", "1",
                "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", "secret1", "-keypass", "secret1")
                .redirectErrorStream(true).start();
        assertEquals(0, keytool.waitFor(), new String(keytool.getInputStream().readAllBytes()));
        Map<String, String> java = new LinkedHashMap<>();
        java.put("security.protocol", "SSL");
        java.put("ssl.truststore.type", "PKCS12");
        java.put("ssl.truststore.location", store.toString());
        java.put("ssl.truststore.password", "secret1");
        java.put("ssl.keystore.location", "/s/client.p12");
        java.put("ssl.keystore.password", "secret1");
        java.put("ssl.key.password", "secret1");
        Map<String, String> rd = RdkafkaSecurity.of(java);
        assertEquals(java.keySet().stream().filter(k -> !k.startsWith("ssl.truststore") && !k.equals("ssl.key.password")).toList().size() + 1,
                rd.size(), "the protocol, the PEM, the keystore and its password: " + rd.keySet());
        assertEquals("/s/client.p12", rd.get("ssl.keystore.location"));
        String pem = rd.get("ssl.ca.pem");
        assertTrue(pem.startsWith("-----BEGIN CERTIFICATE-----\n") && pem.endsWith("-----END CERTIFICATE-----\n"), pem);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, "secret1".toCharArray());
        }
        String body = pem.replace("-----BEGIN CERTIFICATE-----", "").replace("-----END CERTIFICATE-----", "").replaceAll("\\s", "");
        assertArrayEquals(ks.getCertificate("ca").getEncoded(), Base64.getDecoder().decode(body));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RdkafkaSecurity.of(Map.of("security.protocol", "SSL", "ssl.truststore.location", store.toString(), "ssl.truststore.password", "wrong")));
        assertTrue(e.getMessage().startsWith("cannot read the run's truststore"), e.getMessage());
    }
}
