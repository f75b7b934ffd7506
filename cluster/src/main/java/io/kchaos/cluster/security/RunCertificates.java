package io.kchaos.cluster.security;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A run's certificate authority and its certificates, made in-process ({@link RunAuthority}, with Bouncy Castle): a CA,
 * one key pair per node signed by it with the node's addresses (every name it is dialed at) as subject alternative names,
 * one for the clients, one for loopback (the kchaos proxy), all as PKCS12 stores under one random password. The CA's key
 * stays in {@code ca.p12}, which no node reads.
 */
public final class RunCertificates {
    /** The PKCS12 stores of one run, all under {@link #password()}. */
    public record Stores(Path truststore, Map<Integer, Path> nodeKeystores, Path clientKeystore, String password) {
        public Stores {
            nodeKeystores = Map.copyOf(nodeKeystores);
        }

        /** The keystore for a process the clients reach on loopback ({@value #LOOPBACK}), such as the kchaos proxy. */
        public Path loopbackKeystore() {
            return truststore.resolveSibling(LOOPBACK_STORE + ".p12");
        }

        @Override
        public String toString() {
            return "Stores[" + truststore.getParent() + "]";
        }
    }

    /** The address a process of the harness that clients dial through (the kchaos proxy) listens on, in its certificate. */
    public static final String LOOPBACK = "127.0.0.1";
    private static final String LOOPBACK_STORE = "loopback";

    static final String STORE_TYPE = "PKCS12";
    private static final String CA = "ca";
    private static final String CA_STORE = "ca.p12";
    private static final String TRUSTSTORE = "truststore.p12";
    private static final String CLIENT = "client";
    private static final String KEY = "key";
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private RunCertificates() {
    }

    /**
     * Makes the stores in {@code dir} (existing, empty): the truststore holding the CA, node id → its keystore for
     * {@code nodeHosts}' address (an IP or a host name), the clients' keystore. Throws CertificateSetupException when a
     * certificate or a store cannot be made.
     */
    public static Stores generate(Path dir, Map<Integer, String> nodeHosts) {
        Map<Integer, List<String>> names = new LinkedHashMap<>();
        nodeHosts.forEach((id, host) -> names.put(id, List.of(host)));
        return generateNamed(dir, names);
    }

    /**
     * The same for nodes dialed at more than one name (node id → every address or host name its certificate must carry,
     * such as a container's network alias and the host address its port is published on).
     */
    public static Stores generateNamed(Path dir, Map<Integer, List<String>> nodeHosts) {
        nodeHosts.forEach((id, hosts) -> {
            if (hosts.isEmpty()) throw new IllegalArgumentException("node " + id + " has no address for its certificate");
        });
        char[] password = SaslUser.randomSecret().toCharArray();
        RunAuthority ca = RunAuthority.create();
        KeyStore caStore = empty();
        KeyStore truststore = empty();
        try {
            caStore.setKeyEntry(CA, ca.key(), password, new Certificate[]{ca.certificate()});
            truststore.setCertificateEntry(CA, ca.certificate());
        } catch (GeneralSecurityException e) {
            throw new CertificateSetupException("cannot put the run's CA into its stores: " + e.getMessage());
        }
        store(caStore, dir, CA_STORE, password);
        store(truststore, dir, TRUSTSTORE, password);

        Map<Integer, Path> keystores = new LinkedHashMap<>();
        nodeHosts.forEach((id, hosts) -> keystores.put(id, keystore(dir, "node-" + id, sanEntries(hosts), ca, password)));
        Path client = keystore(dir, CLIENT, List.of(), ca, password);
        keystore(dir, LOOPBACK_STORE, sanEntries(List.of(LOOPBACK)), ca, password);
        return new Stores(dir.resolve(TRUSTSTORE), keystores, client, new String(password));
    }

    /**
     * The subject alternative names of a certificate for {@code hosts}: each an IP ({@code ip:<address>}) or a DNS name
     * ({@code dns:<name>}), once, then loopback's name (a node is reached at its own address too).
     */
    static List<String> sanEntries(List<String> hosts) {
        List<String> entries = new ArrayList<>();
        for (String host : new LinkedHashSet<>(hosts)) {
            if (host.equals("localhost")) continue;
            boolean ip = IPV4.matcher(host).matches() || host.contains(":");
            entries.add((ip ? "ip:" : "dns:") + host);
        }
        entries.add("dns:localhost");
        return entries;
    }

    /** {@code <name>.p12}: a new key pair under alias {@code key}, with its certificate signed by {@code ca}, then the CA's. */
    private static Path keystore(Path dir, String name, List<String> sanEntries, RunAuthority ca, char[] password) {
        RunAuthority.Issued issued = ca.issue(name, sanEntries);
        KeyStore ks = empty();
        try {
            ks.setKeyEntry(KEY, issued.key(), password, new Certificate[]{issued.certificate(), ca.certificate()});
        } catch (GeneralSecurityException e) {
            throw new CertificateSetupException("cannot put the signed certificate into " + name + ".p12: " + e.getMessage());
        }
        return store(ks, dir, name + ".p12", password);
    }

    private static KeyStore empty() {
        try {
            KeyStore ks = KeyStore.getInstance(STORE_TYPE);
            ks.load(null, null);
            return ks;
        } catch (IOException | GeneralSecurityException e) {
            throw new CertificateSetupException("cannot make a " + STORE_TYPE + " store: " + e.getMessage());
        }
    }

    private static Path store(KeyStore ks, Path dir, String name, char[] password) {
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            ks.store(out, password);
            return file;
        } catch (IOException | GeneralSecurityException e) {
            throw new CertificateSetupException("cannot write " + name + " of the run's certificates: " + e.getMessage());
        }
    }
}
