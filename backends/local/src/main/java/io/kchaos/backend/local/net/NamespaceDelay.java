package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.NodeDelay;

/** A node's delay as its namespace's link delay: the mechanism ({@link LinkDelay}) on the node's veth. */
record NamespaceDelay(NodeNetwork net, LinkDelay delay) implements NodeDelay {

    @Override
    public void apply(int node, int delayMs, int jitterMs) {
        delay.apply(net.namespace(node), NodeNetwork.DEVICE, delayMs, jitterMs);
    }

    @Override
    public void remove(int node) {
        delay.remove(net.namespace(node), NodeNetwork.DEVICE);
    }

    @Override
    public void close() {
        delay.close();
    }
}
