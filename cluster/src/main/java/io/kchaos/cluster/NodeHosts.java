package io.kchaos.cluster;

import io.kchaos.nemesis.cluster.NetworkControl;

import java.util.List;
import java.util.Optional;

/**
 * Where each local node lives on the network: all on loopback, or each in its own network namespace. Owns what it
 * creates and removes it in {@link #close()}.
 */
public interface NodeHosts extends AutoCloseable {
    /** Creates the hosts (namespaces, links, rules) for these node ids. */
    void setup(List<Integer> nodeIds);

    /** The address the node listens on and advertises. */
    String address(int node);

    /** Prefix for the command that starts a process on the node's host (e.g. {@code ip netns exec ns}). */
    List<String> commandPrefix(int node);

    /** Network faults, when this kind of host supports them. */
    Optional<NetworkControl> network();

    /** Short description for logs and run.json. */
    String describe();

    @Override
    void close();
}
