package io.kchaos.backend.ssh;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One node of an SSH cluster: how to reach its host (address, port, user, key), where kchaos may write on it
 * ({@code dir}), the address and ports its broker listens on, the {@code java} to run there, per-host broker setting
 * overrides, and for an existing cluster the commands that manage its broker.
 *
 * @param id        the broker's node id
 * @param address   host name or address for SSH
 * @param listener  the address the broker binds and advertises (deploy mode), default the SSH address
 * @param dir       deploy mode: everything kchaos installs; existing mode: its temporary work folder
 * @param overrides broker settings for this node only (deploy mode)
 * @param existing  null in deploy mode
 */
public record SshHost(int id, String address, int port, String user, Path key, String dir, String listener, String java,
                      int clientPort, int controllerPort, Map<String, String> overrides, Existing existing) {

    /** An already installed broker: its start, stop and pid commands, data directories and client address. */
    public record Existing(String start, String stop, String pid, List<String> dataDirs, String bootstrap) {
    }

    public SshHost {
        overrides = Map.copyOf(overrides);
    }

    /** {@code node 2 (10.0.0.12:22)}, the prefix of every message about this host. */
    public String label() {
        return "host " + id + " (" + (user == null ? "" : user + "@") + address + ":" + port + ")";
    }

    /** host:port clients use. */
    public String bootstrap() {
        return existing != null ? existing.bootstrap() : listener + ":" + clientPort;
    }
}
