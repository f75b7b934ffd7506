package io.kchaos.cluster.security;

import io.kchaos.cluster.ClusterException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A run's certificate authority and its certificates, made with the JDK's {@code keytool}: a CA, one key pair per node
 * signed by it with the node's address as subject alternative name, one for the clients, all as PKCS12 stores under one
 * password, which reaches keytool through its environment, never its command line.
 */
public final class RunCertificates {
    /** The PKCS12 stores of one run, all under {@link #password()}. */
    public record Stores(Path truststore, Map<Integer, Path> nodeKeystores, Path clientKeystore, String password) {
        public Stores {
            nodeKeystores = Map.copyOf(nodeKeystores);
        }

        @Override
        public String toString() {
            return "Stores[" + truststore.getParent() + "]";
        }
    }

    static final String STORE_TYPE = "PKCS12";
    private static final String PASSWORD_ENV = "KCHAOS_STORE_PASSWORD";
    private static final String CA = "ca";
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
     * {@code nodeHosts}' address (an IP or a host name), the clients' keystore. Throws ClusterException when keytool fails.
     */
    public static Stores generate(Path dir, Map<Integer, String> nodeHosts) {
        RunCertificates c = new RunCertificates(dir, SaslUser.randomSecret());
        c.keytool("-genkeypair", "-alias", CA, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=kchaos-ca,O=kchaos",
                "-ext", "bc:c", "-validity", VALIDITY_DAYS, "-keystore", c.file("ca.p12"));
        c.keytool("-exportcert", "-rfc", "-alias", CA, "-keystore", c.file("ca.p12"), "-file", c.file("ca.crt"));
        List<CompletableFuture<Void>> work = new ArrayList<>();
        work.add(CompletableFuture.runAsync(() -> c.keytool("-importcert", "-noprompt", "-alias", CA, "-file", c.file("ca.crt"),
                "-keystore", c.file("truststore.p12"))));
        Map<Integer, Path> keystores = new LinkedHashMap<>();
        nodeHosts.forEach((id, host) -> {
            keystores.put(id, dir.resolve("node-" + id + ".p12"));
            work.add(CompletableFuture.runAsync(() -> c.signed("node-" + id, san(host))));
        });
        work.add(CompletableFuture.runAsync(() -> c.signed("client", null)));
        try {
            CompletableFuture.allOf(work.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        return new Stores(dir.resolve("truststore.p12"), keystores, dir.resolve("client.p12"), c.password);
    }

    /** The {@code SAN} extension for a host: its IP or DNS name, and loopback's (a node is reached at its own address). */
    static String san(String host) {
        boolean ip = IPV4.matcher(host).matches() || host.contains(":");
        return "SAN=" + (ip ? "ip:" : "dns:") + host + ",dns:localhost";
    }

    /** A key pair in {@code <name>.p12} with the CA's certificate over it ({@code san} when not null), and the CA's. */
    private void signed(String name, String san) {
        String store = file(name + ".p12");
        keytool("-genkeypair", "-alias", KEY, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=kchaos-" + name + ",O=kchaos",
                "-validity", VALIDITY_DAYS, "-keystore", store);
        keytool("-certreq", "-alias", KEY, "-keystore", store, "-file", file(name + ".csr"));
        List<String> gencert = new ArrayList<>(List.of("-gencert", "-rfc", "-alias", CA, "-keystore", file("ca.p12"),
                "-infile", file(name + ".csr"), "-outfile", file(name + ".crt"), "-validity", VALIDITY_DAYS,
                "-ext", "EKU=serverAuth,clientAuth"));
        if (san != null) gencert.addAll(List.of("-ext", san));
        keytool(gencert.toArray(String[]::new));
        keytool("-importcert", "-noprompt", "-alias", CA, "-file", file("ca.crt"), "-keystore", store);
        keytool("-importcert", "-noprompt", "-alias", KEY, "-file", file(name + ".crt"), "-keystore", store);
    }

    private String file(String name) {
        return dir.resolve(name).toString();
    }

    /** Runs keytool with the store type and password added; ClusterException with its output when it fails. */
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
                throw new ClusterException("keytool " + args[0] + " failed for the run's certificates: " + out.strip());
            }
        } catch (IOException e) {
            throw new ClusterException("cannot run keytool for the run's certificates: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while making the run's certificates");
        }
    }
}
