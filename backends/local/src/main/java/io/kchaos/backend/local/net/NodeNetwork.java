package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.Namespaces;

import java.util.List;

/**
 * The layout of one run's hosts: node ids, each node's namespace and address, the link device inside every namespace,
 * and the address the harness's clients use.
 */
public record NodeNetwork(NetNames names, Subnet subnet, List<Integer> nodes) {
    /** The name of each node's veth end inside its namespace. */
    public static final String DEVICE = "eth0";

    public NodeNetwork {
        nodes = List.copyOf(nodes);
    }

    public String namespace(int node) {
        return names.namespace(node);
    }

    public String address(int node) {
        return subnet.node(node);
    }

    /** Where the harness's clients reach the nodes from (the bridge address). */
    public String clientAddress() {
        return subnet.gateway();
    }

    /** {@code ip netns exec <namespace> command...}. */
    public List<String> inNamespace(int node, String... command) {
        return Namespaces.exec(namespace(node), command);
    }
}
