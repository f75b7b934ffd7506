package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.FirewallSites;
import io.kchaos.cluster.net.NodeShell;
import io.kchaos.cluster.os.CommandRunner;

import java.util.List;

/**
 * The namespaced nodes as the shared network recipe ({@link io.kchaos.cluster.net.FirewallNetwork}) sees them: rules
 * appended inside each node's namespace, partitions cutting the nodes' veth addresses, client cuts dropping everything
 * between a node and the bridge address, loss on what a node sends out of its veth.
 */
public record NamespaceSites(CommandRunner runner, NodeNetwork net) implements FirewallSites {

    @Override
    public List<Integer> nodes() {
        return net.nodes();
    }

    @Override
    public NodeShell shell(int node) {
        return new NamespaceShell(runner, net.namespace(node));
    }

    @Override
    public String peerAddress(int node) {
        return net.address(node);
    }

    @Override
    public ClientLink clientLink(int node) {
        return ClientLink.all(net.clientAddress());
    }

    @Override
    public List<String> lossMatch(int node) {
        return List.of("-o", NodeNetwork.DEVICE);
    }

    @Override
    public String comment() {
        return net.names().comment();
    }

    @Override
    public boolean insertFirst() {
        return false;
    }
}
