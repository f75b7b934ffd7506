package io.kchaos.backend.ssh;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SSH client of a run (Apache MINA SSHD): one session per host, reused for every command. Reads nothing of the
 * user's SSH configuration: no {@code ~/.ssh/config}, no default identities, no agent; the key and the known-hosts
 * file are the ones given. Host keys are checked against the known-hosts file unless the check was turned off.
 */
public final class SshConnections implements AutoCloseable {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final SshClient client;
    private final Path knownHosts;
    private final Map<SocketAddress, String> keyProblems = new ConcurrentHashMap<>();
    private final List<ClientSession> sessions = new ArrayList<>();

    /** {@code knownHosts} null turns host key checking off (the explicit opt-out). */
    public SshConnections(Path knownHosts) {
        this.knownHosts = knownHosts;
        client = SshClient.setUpDefaultClient();
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
        client.setServerKeyVerifier(knownHosts == null ? AcceptAllServerKeyVerifier.INSTANCE : knownHostsVerifier(knownHosts));
        client.start();
    }

    private ServerKeyVerifier knownHostsVerifier(Path file) {
        ServerKeyVerifier unknown = (session, address, key) -> {
            keyProblems.put(address, "its host key (" + KeyUtils.getFingerPrint(key) + ") is not in " + file
                    + " (add it, e.g. with ssh-keyscan, or give --no-host-key-check)");
            return false;
        };
        KnownHostsServerKeyVerifier v = new KnownHostsServerKeyVerifier(unknown, file);
        v.setModifiedServerKeyAcceptor((session, address, entry, expected, actual) -> {
            keyProblems.put(address, "its host key changed: " + file + " has " + KeyUtils.getFingerPrint(expected)
                    + ", the host offers " + KeyUtils.getFingerPrint(actual));
            return false;
        });
        return v;
    }

    /** Connects and authenticates; throws {@link HostAccessException} (one line) saying what is wrong. */
    public RemoteShell connect(SshHost host) {
        KeyPair key = loadKey(host);
        ClientSession session;
        try {
            session = client.connect(host.user(), host.address(), host.port()).verify(CONNECT_TIMEOUT).getSession();
        } catch (IOException e) {
            throw new HostAccessException(host, "unreachable: " + rootMessage(e));
        }
        synchronized (sessions) {
            sessions.add(session);
        }
        session.addPublicKeyIdentity(key);
        try {
            session.auth().verify(CONNECT_TIMEOUT);
        } catch (IOException e) {
            String keyProblem = keyProblems.get(session.getConnectAddress());
            if (keyProblem == null) keyProblem = keyProblemOf(host);
            if (keyProblem != null) throw new HostAccessException(host, keyProblem);
            throw new HostAccessException(host, "user " + host.user() + " refused the key " + host.key() + ": " + rootMessage(e));
        }
        return new RemoteShell(host, session);
    }

    /** A key problem recorded for this host under any of its resolved addresses. */
    private String keyProblemOf(SshHost host) {
        return keyProblems.entrySet().stream().filter(e -> e.getKey().toString().contains(host.address()))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    private static KeyPair loadKey(SshHost host) {
        if (host.key() == null) throw new HostAccessException(host, "no SSH key given (--ssh-key or \"key\" in the hosts file)");
        if (!Files.isReadable(host.key())) throw new HostAccessException(host, "cannot read the SSH key " + host.key());
        try {
            for (KeyPair k : new FileKeyPairProvider(host.key()).loadKeys(null)) return k;
        } catch (Exception e) {
            throw new HostAccessException(host, "cannot load the SSH key " + host.key() + ": " + rootMessage(e));
        }
        throw new HostAccessException(host, "no key in " + host.key());
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
        return m.replaceAll("\\s+", " ").strip();
    }

    /** Whether host keys are checked. */
    public boolean checksHostKeys() {
        return knownHosts != null;
    }

    @Override
    public void close() {
        synchronized (sessions) {
            for (ClientSession s : sessions) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
            sessions.clear();
        }
        try {
            client.stop();
        } catch (RuntimeException ignored) {
            // closing anyway
        }
    }
}
