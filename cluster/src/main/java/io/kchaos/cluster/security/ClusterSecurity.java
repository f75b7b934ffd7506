package io.kchaos.cluster.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One started cluster's security: its mode, the SASL user and the certificates made for it, kept in a scratch folder of
 * their own (not the run folder) that {@link #close()} deletes; the one source of the nodes' and the clients' settings.
 */
public final class ClusterSecurity implements AutoCloseable {
    /** A plaintext cluster's: no files, no settings. */
    public static final ClusterSecurity PLAINTEXT = new ClusterSecurity(SecurityMode.PLAINTEXT, null, null, null);

    private final SecurityMode mode;
    private final Path scratch;
    private final RunCertificates.Stores stores;
    private final SaslUser user;

    private ClusterSecurity(SecurityMode mode, Path scratch, RunCertificates.Stores stores, SaslUser user) {
        this.mode = mode;
        this.scratch = scratch;
        this.stores = stores;
        this.user = user;
    }

    /**
     * The security of a cluster whose nodes are reached at {@code nodeHosts} (node id → address): for TLS, a CA and a
     * certificate per node made into a new temporary folder (owner-only); for SASL, a user with a random password.
     */
    public static ClusterSecurity create(SecurityMode mode, Map<Integer, String> nodeHosts) {
        Map<Integer, List<String>> names = new LinkedHashMap<>();
        nodeHosts.forEach((id, host) -> names.put(id, List.of(host)));
        return createNamed(mode, names);
    }

    /**
     * The same for nodes dialed at more than one name (node id → every address or host name its certificate carries,
     * {@link RunCertificates#generateNamed}): a container's network alias and where the harness reaches its port.
     */
    public static ClusterSecurity createNamed(SecurityMode mode, Map<Integer, List<String>> nodeHosts) {
        if (mode == SecurityMode.PLAINTEXT) return PLAINTEXT;
        SaslUser user = mode.sasl() ? SaslUser.random() : null;
        if (!mode.tls()) return new ClusterSecurity(mode, null, null, user);
        Path scratch;
        try {
            scratch = Files.createTempDirectory("kchaos-security-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException | UnsupportedOperationException e) {
            throw new CertificateSetupException("cannot create a folder for the run's certificates: " + e.getMessage());
        }
        try {
            return new ClusterSecurity(mode, scratch, RunCertificates.generateNamed(scratch, nodeHosts), user);
        } catch (RuntimeException e) {
            delete(scratch);
            throw e;
        }
    }

    public SecurityMode mode() {
        return mode;
    }

    /** Node {@code id}'s side, for its server.properties. */
    public ListenerSecurity listeners(int id) {
        if (mode == SecurityMode.PLAINTEXT) return ListenerSecurity.PLAINTEXT;
        return new ListenerSecurity(mode, stores == null ? null : stores.nodeKeystores().get(id), stores, user);
    }

    /** What every client of the cluster adds to its settings ({@link ClientSecurity}). */
    public Map<String, String> clientSettings() {
        return ClientSecurity.settings(mode, stores, user);
    }

    /** What the kchaos proxy needs to sit between the clients and a TLS cluster; empty when the connections are not TLS. */
    public Optional<ProxyTls> proxyTls() {
        if (stores == null) return Optional.empty();
        return Optional.of(new ProxyTls(stores.loopbackKeystore(), stores.truststore(), mode.clientCertificates(), stores.password()));
    }

    /** What Kafka's StorageTool is given besides its usual arguments: the SCRAM user's credential, under SCRAM. */
    public List<String> formatArgs() {
        return scramCredential().map(c -> List.of("--add-scram", c)).orElse(List.of());
    }

    /** The SCRAM user's credential as StorageTool's {@code --add-scram} takes it, under SCRAM; a secret, never printed. */
    public Optional<String> scramCredential() {
        return SecurityMode.Mechanisms.SCRAM.equals(mode.mechanism()) ? Optional.of(user.scramFormatValue()) : Optional.empty();
    }

    /** Deletes the certificates' folder. Idempotent; never throws (called on every way a cluster ends). */
    @Override
    public void close() {
        if (scratch != null) delete(scratch);
    }

    private static void delete(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException | UncheckedIOException e) {
            System.err.println("warning: the run's certificates in " + dir + " could not be deleted: " + e);
        }
    }

    @Override
    public String toString() {
        return "ClusterSecurity[" + mode.wire() + "]";
    }
}
