package io.kchaos.backend.ssh;

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
