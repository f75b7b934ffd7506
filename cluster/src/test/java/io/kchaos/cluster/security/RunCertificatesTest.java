package io.kchaos.cluster.security;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Principal;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The stores made for a run load with the JDK's KeyStore, each certificate chains to the CA over its address, and JSSE
 * accepts them for a mutual TLS handshake.
 */
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
    void theStoresHoldTheCaAndOneKeyEachWithTheirNamesAndExtensions(@TempDir Path dir) throws Exception {
        RunCertificates.Stores stores = RunCertificates.generate(dir, Map.of(1, "10.77.0.1", 2, "broker-2.local"));
        char[] password = stores.password().toCharArray();
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(Set.of("ca.p12", "truststore.p12", "node-1.p12", "node-2.p12", "client.p12", "loopback.p12"),
                    files.map(f -> f.getFileName().toString()).collect(Collectors.toSet()));
        }
        KeyStore truststore = load(stores.truststore(), stores.password());
        assertEquals(List.of("ca"), Collections.list(truststore.aliases()));
        assertTrue(truststore.isCertificateEntry("ca"));
        X509Certificate ca = (X509Certificate) truststore.getCertificate("ca");
        KeyStore caStore = load(dir.resolve("ca.p12"), stores.password());
        assertNotNull(caStore.getKey("ca", password), "the CA's private key, under the store's password");
        assertEquals(ca, caStore.getCertificate("ca"));
        assertEquals("CN=kchaos-ca,O=kchaos", ca.getSubjectX500Principal().getName());
        assertTrue(ca.getCriticalExtensionOIDs().contains("2.5.29.19"), "basic constraints are critical");
        boolean[] usage = ca.getKeyUsage();
        assertTrue(usage[5] && usage[6], "keyCertSign and cRLSign");
        ca.verify(ca.getPublicKey());

        Path node1 = stores.nodeKeystores().get(1);
        for (Path store : List.of(node1, stores.nodeKeystores().get(2), stores.clientKeystore(), stores.loopbackKeystore())) {
            KeyStore ks = load(store, stores.password());
            assertEquals(List.of("key"), Collections.list(ks.aliases()), store.toString());
            assertEquals("EC", ks.getKey("key", password).getAlgorithm());
            Certificate[] chain = ks.getCertificateChain("key");
            assertEquals(2, chain.length);
            assertEquals(ca, chain[1]);
            X509Certificate leaf = (X509Certificate) chain[0];
            leaf.verify(ca.getPublicKey());
            leaf.checkValidity();
            assertEquals(ca.getSubjectX500Principal(), leaf.getIssuerX500Principal());
            assertEquals("SHA256withECDSA", leaf.getSigAlgName());
            assertEquals(-1, leaf.getBasicConstraints(), "not a CA");
            assertTrue(leaf.getSerialNumber().signum() > 0);
            assertTrue(leaf.getNotBefore().toInstant().isBefore(Instant.now().minus(Duration.ofMinutes(30))), "valid a little before now");
            long days = Duration.between(Instant.now(), leaf.getNotAfter().toInstant()).toHours() / 24;
            assertTrue(days >= 29 && days <= 30, "valid 30 days: " + leaf.getNotAfter());
            assertTrue(leaf.getExtendedKeyUsage().containsAll(List.of("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2")), "server and client auth");
        }
        assertEquals("CN=kchaos-node-1,O=kchaos", leaf(node1, stores).getSubjectX500Principal().getName());
        assertEquals(List.of(List.of(7, "10.77.0.1"), List.of(2, "localhost")), sans(node1, stores));
        assertEquals(List.of(List.of(2, "broker-2.local"), List.of(2, "localhost")), sans(stores.nodeKeystores().get(2), stores));
        assertEquals(List.of(List.of(7, "127.0.0.1"), List.of(2, "localhost")), sans(stores.loopbackKeystore(), stores));
        X509Certificate client = leaf(stores.clientKeystore(), stores);
        assertEquals("CN=kchaos-client,O=kchaos", client.getSubjectX500Principal().getName());
        assertNull(client.getSubjectAlternativeNames(), "the clients' certificate names no host");
    }

    @Test
    void aServerOnLoopbackAndTheClientCompleteAMutualTlsHandshakeCheckingTheAddress(@TempDir Path dir) throws Exception {
        RunCertificates.Stores stores = RunCertificates.generate(dir, Map.of(1, "kafka-1"));
        Principal client = handshake(stores, stores.loopbackKeystore());
        assertEquals("CN=kchaos-client,O=kchaos", client.getName(), "the server saw the client's certificate");
        // a certificate not naming 127.0.0.1 is refused: the client checks the server's address
        Path node1 = stores.nodeKeystores().get(1);
        SSLHandshakeException refused = assertThrows(SSLHandshakeException.class, () -> handshake(stores, node1));
        assertTrue(refused.getMessage().contains("127.0.0.1"), refused.getMessage());
    }

    @Test
    void aStoreThatCannotBeWrittenIsACertificateSetupExceptionOfOneLine(@TempDir Path dir) {
        CertificateSetupException e = assertThrows(CertificateSetupException.class,
                () -> RunCertificates.generate(dir.resolve("missing"), Map.of(1, "10.0.0.1")));
        assertTrue(e.getMessage().startsWith("cannot write ca.p12 of the run's certificates"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
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
        assertEquals(List.of("dns:kafka-2", "ip:127.0.0.1", "dns:localhost"), RunCertificates.sanEntries(List.of("kafka-2", "127.0.0.1", "kafka-2", "localhost")));
        assertEquals(List.of("ip:10.0.0.5", "dns:localhost"), RunCertificates.sanEntries(List.of("10.0.0.5")));
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

    private static X509Certificate leaf(Path store, RunCertificates.Stores stores) throws Exception {
        return (X509Certificate) load(store, stores.password()).getCertificateChain("key")[0];
    }

    /** The certificate's subject alternative names in their order, each [type, name]. */
    private static List<List<?>> sans(Path store, RunCertificates.Stores stores) throws Exception {
        return List.copyOf(leaf(store, stores).getSubjectAlternativeNames());
    }

    private static SSLContext context(Path keystore, RunCertificates.Stores stores) throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(load(keystore, stores.password()), stores.password().toCharArray());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(load(stores.truststore(), stores.password()));
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        return context;
    }

    /**
     * A TLS server on 127.0.0.1 with {@code serverKeystore} requiring a client certificate, the client with the clients'
     * keystore checking the server's address; the client's principal as the server saw it.
     */
    private static Principal handshake(RunCertificates.Stores stores, Path serverKeystore) throws Exception {
        try (SSLServerSocket server = (SSLServerSocket) context(serverKeystore, stores).getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getByName(RunCertificates.LOOPBACK))) {
            server.setNeedClientAuth(true);
            server.setSoTimeout(10_000);
            CompletableFuture<Principal> served = CompletableFuture.supplyAsync(() -> {
                try (SSLSocket s = (SSLSocket) server.accept()) {
                    s.setSoTimeout(10_000);
                    s.getOutputStream().write(s.getInputStream().read());
                    return s.getSession().getPeerPrincipal();
                } catch (Exception e) {
                    return null;
                }
            });
            try (SSLSocket client = (SSLSocket) context(stores.clientKeystore(), stores).getSocketFactory()
                    .createSocket(RunCertificates.LOOPBACK, server.getLocalPort())) {
                client.setSoTimeout(10_000);
                SSLParameters params = client.getSSLParameters();
                params.setEndpointIdentificationAlgorithm("HTTPS");
                client.setSSLParameters(params);
                client.startHandshake();
                client.getOutputStream().write(42);
                client.getOutputStream().flush();
                assertEquals(42, client.getInputStream().read(), "the server echoes once it accepted the client's certificate");
            }
            return served.get(20, TimeUnit.SECONDS);
        }
    }
}
