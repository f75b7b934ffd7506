package io.kchaos.backend.ssh;

import io.kchaos.cluster.net.NodeShell;
import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One host as the network faults reach it: its description, and commands run there as the login user and as root
 * ({@code sudo -n} when the login user is not root); as a {@link NodeShell} it runs as root and names the host.
 */
record NetworkHost(SshHost host, CommandRunner user, CommandRunner root) implements NodeShell {

    /** The hosts of these shells, by node id. */
    static Map<Integer, NetworkHost> of(Map<Integer, RemoteShell> shells) {
        Map<Integer, NetworkHost> hosts = new LinkedHashMap<>();
        shells.forEach((id, s) -> hosts.put(id, new NetworkHost(s.host(), s, command -> s.exec(s.privileged(Shell.join(command))))));
        return hosts;
    }

    @Override
    public CommandResult run(List<String> command) {
        return root.run(command);
    }

    @Override
    public String label() {
        return host.label();
    }

    /** HostAccessException naming the host, with the command's error (or its output when it wrote no error). */
    @Override
    public RuntimeException failed(List<String> command, CommandResult r) {
        return new HostAccessException(host, "command failed (exit " + r.exitCode() + "): " + String.join(" ", command) + ": "
                + (r.stderr().isBlank() ? r.stdout() : r.stderr()).strip());
    }
}
