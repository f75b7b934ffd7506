package io.kchaos.backend.docker;

import io.kchaos.nemesis.cluster.Traffic;

/** One Toxiproxy proxy: in front of a node's listener for one kind of traffic, listening on a port of the Toxiproxy container. */
public record ProxySpec(int node, Traffic traffic, int port, String upstream) {
    /** The proxy's name in Toxiproxy, e.g. {@code kafka-1-client}. */
    public String name() {
        return ListenerPlan.alias(node) + "-" + traffic.label();
    }

    /** Toxiproxy's listen address inside its container. */
    public String listen() {
        return "0.0.0.0:" + port;
    }
}
