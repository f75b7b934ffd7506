package io.kchaos.backend.local;

import io.kchaos.cluster.NodeHosts;

import io.kchaos.nemesis.cluster.NetworkControl;

import java.util.List;
import java.util.Optional;

/** Every node on 127.0.0.1 with its own ports: works without root, but cannot inject network faults. */
public final class LoopbackHosts implements NodeHosts {
    @Override
    public void setup(List<Integer> nodeIds) {
    }

    @Override
    public String address(int node) {
        return "127.0.0.1";
    }

    @Override
    public List<String> commandPrefix(int node) {
        return List.of();
    }

    @Override
    public Optional<NetworkControl> network() {
        return Optional.empty();
    }

    @Override
    public String describe() {
        return "loopback";
    }

    @Override
    public void close() {
    }
}
