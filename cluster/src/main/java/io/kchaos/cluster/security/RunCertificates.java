package io.kchaos.cluster.security;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A run's certificate authority and its certificates, made with the JDK's {@code keytool}: a CA, one key pair per node
 * signed by it with the node's addresses (every name it is dialed at) as subject alternative names, one for the clients, one for loopback (the kchaos proxy), all as PKCS12 stores under one
 * password, which reaches keytool through its environment, never its command line. The CA's key stays in {@code ca.p12},
 * which no node reads.
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
    private static final String PASSWORD_ENV = "KCHAOS_STORE_PASSWORD";
    private static final String CA = "ca";
    private static final String CA_STORE = "ca.p12";
    private static final String TRUSTSTORE = "truststore.p12";
    private static final String CLIENT = "client";
    private static final String KEY = "key";
    private static final String VALIDITY_DAYS = "30";
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private final Path dir;
    private final String password;

    private RunCertificates(Path dir, String password) {
        this.dir = dir;
        this.password = password;
    }

    /**
     * Makes the stores in {@code dir} (existing, empty): the truststore holding the CA, node id → its keystore for
     * {@code nodeHosts}' address (an IP or a host name), the clients' keystore. keytool makes the keys and signs them,
     * the JDK's KeyStore API assembles the stores. Throws CertificateSetupException when either fails.
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
        RunCertificates c = new RunCertificates(dir, SaslUser.randomSecret());
        // a thread per keytool chain (the common pool may have one thread, and each chain mostly waits on its process)
        ExecutorService threads = Executors.newFixedThreadPool(nodeHosts.size() + 3, r -> {
            Thread t = new Thread(r, "run-certificates");
            t.setDaemon(true);
            return t;
        });
        try {
            CompletableFuture<X509Certificate> ca = CompletableFuture.supplyAsync(c::authority, threads);
            List<CompletableFuture<Void>> work = new ArrayList<>();
            nodeHosts.forEach((id, host) -> work.add(CompletableFuture.runAsync(() -> c.signed(nodeStore(id), san(host), ca), threads)));
            work.add(CompletableFuture.runAsync(() -> c.signed(CLIENT, null, ca), threads));
            work.add(CompletableFuture.runAsync(() -> c.signed(LOOPBACK_STORE, san(LOOPBACK), ca), threads));
            work.add(ca.thenAccept(c::truststore));
            CompletableFuture.allOf(work.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        } finally {
            threads.shutdownNow();
        }
        Map<Integer, Path> keystores = new LinkedHashMap<>();
        nodeHosts.keySet().forEach(id -> keystores.put(id, dir.resolve(nodeStore(id) + ".p12")));
        return new Stores(dir.resolve(TRUSTSTORE), keystores, dir.resolve(CLIENT + ".p12"), c.password);
    }

    private static String nodeStore(int id) {
        return "node-" + id;
    }

    /** The {@code SAN} extension for a host: its IP or DNS name, and loopback's (a node is reached at its own address). */
    static String san(String host) {
        return san(List.of(host));
    }

    /** The {@code SAN} extension for every one of {@code hosts} (each an IP or a DNS name, once), then loopback's name. */
    static String san(List<String> hosts) {
        StringBuilder sb = new StringBuilder("SAN=");
        for (String host : new java.util.LinkedHashSet<>(hosts)) {
            if (host.equals("localhost")) continue;
            boolean ip = IPV4.matcher(host).matches() || host.contains(":");
            sb.append(ip ? "ip:" : "dns:").append(host).append(',');
        }
        return sb.append("dns:localhost").toString();
    }

    /** The CA's key pair in {@code ca.p12}; its certificate. */
    private X509Certificate authority() {
        keytool("-genkeypair", "-alias", CA, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=kchaos-ca,O=kchaos",
                "-ext", "bc:c", "-validity", VALIDITY_DAYS, "-keystore", file(CA_STORE));
        try {
            return (X509Certificate) load(CA_STORE).getCertificate(CA);
        } catch (GeneralSecurityException e) {
            throw new CertificateSetupException("cannot read the run's CA certificate: " + e.getMessage());
        }
    }

    /** The truststore: the CA's certificate alone. */
    private void truststore(X509Certificate ca) {
        KeyStore ks = empty();
        try {
            ks.setCertificateEntry(CA, ca);
        } catch (GeneralSecurityException e) {
            throw new CertificateSetupException("cannot make the run's truststore: " + e.getMessage());
        }
        store(ks, TRUSTSTORE);
    }

    /**
     * A key pair in {@code <name>.p12} whose certificate the CA signs ({@code san} when not null), kept with the CA's
     * certificate as its chain; the key pair and its request are made while the CA is.
     */
    private void signed(String name, String san, CompletableFuture<X509Certificate> ca) {
        String store = name + ".p12";
        keytool("-genkeypair", "-alias", KEY, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=kchaos-" + name + ",O=kchaos",
                "-validity", VALIDITY_DAYS, "-keystore", file(store));
        keytool("-certreq", "-alias", KEY, "-keystore", file(store), "-file", file(name + ".csr"));
        X509Certificate authority = ca.join();
        List<String> gencert = new ArrayList<>(List.of("-gencert", "-rfc", "-alias", CA, "-keystore", file(CA_STORE),
                "-infile", file(name + ".csr"), "-outfile", file(name + ".crt"), "-validity", VALIDITY_DAYS,
                "-ext", "EKU=serverAuth,clientAuth"));
        if (san != null) gencert.addAll(List.of("-ext", san));
        keytool(gencert.toArray(String[]::new));
        try (InputStream in = Files.newInputStream(dir.resolve(name + ".crt"))) {
            Certificate leaf = CertificateFactory.getInstance("X.509").generateCertificate(in);
            KeyStore ks = load(store);
            ks.setKeyEntry(KEY, ks.getKey(KEY, password.toCharArray()), password.toCharArray(), new Certificate[]{leaf, authority});
            store(ks, store);
        } catch (IOException | GeneralSecurityException e) {
            throw new CertificateSetupException("cannot put the signed certificate into " + store + ": " + e.getMessage());
        }
    }

    private KeyStore load(String name) {
        try (InputStream in = Files.newInputStream(dir.resolve(name))) {
            KeyStore ks = KeyStore.getInstance(STORE_TYPE);
            ks.load(in, password.toCharArray());
            return ks;
        } catch (IOException | GeneralSecurityException e) {
            throw new CertificateSetupException("cannot read " + name + " of the run's certificates: " + e.getMessage());
        }
    }

    private KeyStore empty() {
        try {
            KeyStore ks = KeyStore.getInstance(STORE_TYPE);
            ks.load(null, null);
            return ks;
        } catch (IOException | GeneralSecurityException e) {
            throw new CertificateSetupException("cannot make a " + STORE_TYPE + " store: " + e.getMessage());
        }
    }

    private void store(KeyStore ks, String name) {
        try (OutputStream out = Files.newOutputStream(dir.resolve(name))) {
            ks.store(out, password.toCharArray());
        } catch (IOException | GeneralSecurityException e) {
            throw new CertificateSetupException("cannot write " + name + " of the run's certificates: " + e.getMessage());
        }
    }

    private String file(String name) {
        return dir.resolve(name).toString();
    }

    /** Runs keytool with the store type and password added; CertificateSetupException with its output when it fails. */
    private void keytool(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"));
        cmd.addAll(List.of(args));
        cmd.addAll(List.of("-storetype", STORE_TYPE, "-storepass:env", PASSWORD_ENV));
        if (args[0].equals("-genkeypair")) cmd.addAll(List.of("-keypass:env", PASSWORD_ENV));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put(PASSWORD_ENV, password);
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new CertificateSetupException("keytool " + args[0] + " failed for the run's certificates: " + out.strip());
            }
        } catch (IOException e) {
            throw new CertificateSetupException("cannot run keytool for the run's certificates: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CertificateSetupException("interrupted while making the run's certificates");
        }
    }
}
