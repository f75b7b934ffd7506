package io.kchaos.harness.cli;

import io.kchaos.backend.ssh.HostsFile;
import io.kchaos.backend.ssh.SshConnections;
import io.kchaos.backend.ssh.SshDefaults;
import io.kchaos.backend.ssh.SshSession;

import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.cluster.Capability;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The options of {@code run --backend ssh} (a picocli mixin): which hosts, how to reach them, what to leave behind. */
public final class SshOptions {
    @Option(names = "--hosts", paramLabel = "H1,H2,...", description = "--backend ssh: the hosts, one node each (deploy mode, node ids 1..n)")
    String hosts;

    @Option(names = "--hosts-file", paramLabel = "FILE", description = "--backend ssh: hosts, SSH settings, data folders, listeners, overrides, or an existing cluster's commands (JSON, docs/ssh.md)")
    Path hostsFile;

    @Option(names = "--ssh-user", paramLabel = "USER", description = "--backend ssh: login user (default: this user)")
    String user;

    @Option(names = "--ssh-key", paramLabel = "FILE", description = "--backend ssh: private key file (no agent, no ~/.ssh/config is used)")
    Path key;

    @Option(names = "--ssh-port", paramLabel = "PORT", defaultValue = "22", description = "--backend ssh: SSH port (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--known-hosts", paramLabel = "FILE", description = "--backend ssh: known-hosts file the host keys are checked against (default ~/.ssh/known_hosts)")
    Path knownHosts;

    @Option(names = "--no-host-key-check", description = "--backend ssh: accept any host key (the explicit opt-out of host key checking)")
    boolean noHostKeyCheck;

    @Option(names = "--remote-dir", paramLabel = "DIR", defaultValue = SshDefaults.DIR, description = "--backend ssh: the folder kchaos installs into (and removes) on each host (default ${DEFAULT-VALUE})")
    String remoteDir;

    @Option(names = "--remote-java", paramLabel = "PATH", defaultValue = "java", description = "--backend ssh: the java command on the hosts (default ${DEFAULT-VALUE})")
    String remoteJava;

    @Option(names = "--client-properties", paramLabel = "FILE", description = "--backend ssh, existing cluster: how every kchaos client "
            + "logs in (Kafka tools' client.properties format; security.protocol, ssl.*, sasl.* only); its secrets are never written")
    Path clientProperties;

    @Option(names = "--keep", description = "--backend ssh: leave the installed broker, its data and logs on the hosts")
    boolean keep;

    /** The hosts given; IllegalArgumentException (one line) when neither or both ways were used. */
    public HostsFile.Plan plan() {
        if ((hosts == null) == (hostsFile == null)) throw new IllegalArgumentException("--backend ssh needs --hosts or --hosts-file (one of them)");
        SshDefaults d = new SshDefaults(user != null ? user : System.getProperty("user.name"), key, port, remoteDir, remoteJava);
        return hosts != null ? HostsFile.fromList(hosts, d) : HostsFile.read(hostsFile, d);
    }

    /**
     * Connects to every host, probes it, and refuses (one line, exit 2) the faults some host cannot take. Sweeping
     * leftovers and claiming the hosts happen when the cluster starts.
     */
    public SshSession open(HostsFile.Plan plan, List<Nemesis> nemeses, PrintStream out) {
        Path known = noHostKeyCheck ? null : knownHosts != null ? knownHosts : Path.of(System.getProperty("user.home"), ".ssh", "known_hosts");
        SshSession session = SshSession.open(plan, new SshConnections(known), keep, out);
        Map<String, Set<Capability>> needs = new LinkedHashMap<>();
        nemeses.forEach(n -> needs.put(n.name(), n.requires()));
        try {
            session.refuse(needs);
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
        if (noHostKeyCheck) out.println("warning: host keys are not checked (--no-host-key-check)");
        return session;
    }
}
