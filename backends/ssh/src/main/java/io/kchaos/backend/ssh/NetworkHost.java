package io.kchaos.backend.ssh;

import io.kchaos.cluster.os.CommandRunner;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One host as the network faults reach it: its description, and commands run there as the login user and as root
 * ({@code sudo -n} when the login user is not root).
 */
record NetworkHost(SshHost host, CommandRunner user, CommandRunner root) {

    /** The hosts of these shells, by node id. */
    static Map<Integer, NetworkHost> of(Map<Integer, RemoteShell> shells) {
        Map<Integer, NetworkHost> hosts = new LinkedHashMap<>();
        shells.forEach((id, s) -> hosts.put(id, new NetworkHost(s.host(), s, command -> s.exec(s.privileged(Shell.join(command))))));
        return hosts;
    }
}
