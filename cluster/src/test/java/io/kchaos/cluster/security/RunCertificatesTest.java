package io.kchaos.cluster.security;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stores keytool makes for a run load with the JDK's KeyStore, and each node's certificate chains to the CA over its address. */
class RunCertificatesTest {
    private static KeyStore load(Path file, String password) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, password.toCharArray());
        }
        return ks;
    }

    @Test
    void everyNodesCertificateIsSignedByTheRunsCaForItsAddress(@TempDir Path dir) throws Exception {
        RunCertificates.Stores stores = RunCertificates.generate(dir, Map.of(1, "10.77.0.1", 2, "broker-2.local"));
        X509Certificate ca = (X509Certificate) load(stores.truststore(), stores.password()).getCertificate("ca");
        assertNotNull(ca, "the truststore holds the CA");
        assertTrue(ca.getBasicConstraints() >= 0, "the CA is a CA");

        KeyStore node1 = load(stores.nodeKeystores().get(1), stores.password());
        assertNotNull(node1.getKey("key", stores.password().toCharArray()), "the node's private key, under the store's password");
        Certificate[] chain = node1.getCertificateChain("key");
        assertEquals(2, chain.length, "the node's certificate, then the CA's");
        X509Certificate leaf = (X509Certificate) chain[0];
        leaf.verify(ca.getPublicKey());
        assertEquals(ca, chain[1]);
        assertTrue(leaf.getSubjectAlternativeNames().contains(List.of(7, "10.77.0.1")), "IP SAN: " + leaf.getSubjectAlternativeNames());
        assertTrue(leaf.getExtendedKeyUsage().containsAll(List.of("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2")), "server and client auth");

        X509Certificate leaf2 = (X509Certificate) load(stores.nodeKeystores().get(2), stores.password()).getCertificateChain("key")[0];
        assertTrue(leaf2.getSubjectAlternativeNames().contains(List.of(2, "broker-2.local")), "DNS SAN: " + leaf2.getSubjectAlternativeNames());

        X509Certificate client = (X509Certificate) load(stores.clientKeystore(), stores.password()).getCertificateChain("key")[0];
        client.verify(ca.getPublicKey());
        assertFalse(stores.toString().contains(stores.password()));
    }

    @Test
    void aNodeDialedAtSeveralNamesCarriesThemAll(@TempDir Path dir) throws Exception {
        RunCertificates.Stores stores = RunCertificates.generateNamed(dir, Map.of(1, List.of("kafka-1", "toxiproxy", "127.0.0.1")));
        X509Certificate leaf = (X509Certificate) load(stores.nodeKeystores().get(1), stores.password()).getCertificateChain("key")[0];
        for (List<?> name : List.of(List.of(2, "kafka-1"), List.of(2, "toxiproxy"), List.of(7, "127.0.0.1"), List.of(2, "localhost"))) {
            assertTrue(leaf.getSubjectAlternativeNames().contains(name), name + " in " + leaf.getSubjectAlternativeNames());
        }
    }

    @Test
    void theSanNamesEachHostOnceAsAnIpOrADnsName() {
        assertEquals("SAN=dns:kafka-2,ip:127.0.0.1,dns:localhost", RunCertificates.san(List.of("kafka-2", "127.0.0.1", "kafka-2", "localhost")));
        assertEquals("SAN=ip:10.0.0.5,dns:localhost", RunCertificates.san("10.0.0.5"));
    }

    @Test
    void aClustersSecurityKeepsItsStoresInAScratchFolderItDeletes() {
        ClusterSecurity security = ClusterSecurity.create(SecurityMode.MTLS, Map.of(1, "127.0.0.1"));
        Path keystore = Path.of(security.clientSettings().get("ssl.keystore.location"));
        assertTrue(Files.isRegularFile(keystore));
        assertTrue(security.listeners(1).keystore().toString().endsWith("node-1.p12"));
        security.close();
        assertFalse(Files.exists(keystore.getParent()));
        security.close(); // idempotent
    }

    @Test
    void scramAddsTheUsersCredentialToTheFormatAndNoFilesWithoutTls() {
        ClusterSecurity scram = ClusterSecurity.create(SecurityMode.SASL_SCRAM, Map.of(1, "127.0.0.1"));
        assertEquals("--add-scram", scram.formatArgs().get(0));
        assertTrue(scram.formatArgs().get(1).startsWith("SCRAM-SHA-512=[name=kchaos,password="));
        assertEquals(scram.formatArgs().get(1), scram.scramCredential().orElseThrow());
        assertTrue(ClusterSecurity.create(SecurityMode.SASL_PLAIN, Map.of(1, "127.0.0.1")).scramCredential().isEmpty());
        assertEquals(List.of(), ClusterSecurity.create(SecurityMode.SASL_PLAIN, Map.of(1, "127.0.0.1")).formatArgs());
        assertEquals(Map.of(), ClusterSecurity.PLAINTEXT.clientSettings());
    }
}
