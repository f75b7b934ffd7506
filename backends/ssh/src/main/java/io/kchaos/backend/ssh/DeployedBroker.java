package io.kchaos.backend.ssh;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.secret.RedactedServerProperties;
import io.kchaos.history.folder.RunFiles;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A broker kchaos installed on a host (deploy mode): its files under {@code <dir>/node-<id>/} (server.properties,
 * data/, server.log, broker.pid), the jars under {@code <dir>/lib/}; started detached with {@code setsid}, its pid in
 * broker.pid, and its command line carrying {@code -Dkchaos.run=<tag>} so a later run can recognise it.
 */
final class DeployedBroker implements HostBroker {
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final RemoteShell shell;
    private final String runTag;
    private final List<String> jvmOptions;
    private final RemoteProcess process;

    DeployedBroker(RemoteShell shell, String runTag, List<String> jvmOptions) {
        this.shell = shell;
        this.runTag = runTag;
        this.jvmOptions = List.copyOf(jvmOptions);
        this.process = new RemoteProcess(shell.host().label(), shell::exec, "cat " + Shell.quote(nodeDir() + "/broker.pid"));
    }

    static String libDir(SshHost h) {
        return h.dir() + "/lib";
    }

    String nodeDir() {
        return shell.host().dir() + "/node-" + shell.host().id();
    }

    /** Where the node's keystore and the run's truststore are copied under TLS (owner-only). */
    String securityDir() {
        return nodeDir() + "/security";
    }

    /**
     * Deletes the copied key material and redacts the secrets of the kept server.properties, for a stopped broker whose
     * other files are kept ({@code --keep}).
     */
    void removeKeyMaterial() {
        shell.check("rm -rf " + Shell.quote(securityDir()));
        String props = nodeDir() + "/" + RunFiles.SERVER_PROPERTIES;
        CommandResult r = shell.exec("cat " + Shell.quote(props));
        if (!r.ok()) return;
        List<String> lines = r.stdout().lines().toList();
        List<String> redacted = RedactedServerProperties.redact(lines);
        if (!redacted.equals(lines)) shell.upload((String.join("\n", redacted) + "\n").getBytes(StandardCharsets.UTF_8), props);
    }

    @Override
    public RemoteShell shell() {
        return shell;
    }

    @Override
    public RemoteProcess process() {
        return process;
    }

    @Override
    public void start() {
        if (running()) return;
        SshHost h = shell.host();
        List<String> cmd = new ArrayList<>(List.of("setsid", h.java()));
        cmd.addAll(jvmOptions);
        cmd.add("-Dkchaos.node=" + h.id());
        cmd.add("-Dkchaos.run=" + runTag);
        cmd.addAll(List.of("-cp", libDir(h) + "/*", "kafka.Kafka", "server.properties"));
        shell.check("cd " + Shell.quote(nodeDir()) + " && { " + Shell.join(cmd) + " </dev/null >>server.log 2>&1 & echo $! > broker.pid; }");
    }

    @Override
    public void stop() {
        process.stop(STOP_GRACE);
    }

    @Override
    public List<String> dataDirs() {
        return List.of(nodeDir() + "/data");
    }

    @Override
    public void uninstall() {
        shell.exec("rm -rf " + Shell.quote(nodeDir()));
    }
}
