package io.kchaos.nemesis.network;

import java.util.List;

/**
 * Settings of the network faults: which partition topologies to draw from, the {@code slow} latency and jitter, and
 * the {@code flaky} loss.
 */
public record NetworkFaultOptions(List<Topology> partitionTargets, int latencyMs, int jitterMs, double lossPercent) {

    /** Every topology, 200 ± 50 ms, 20 % loss. */
    public static NetworkFaultOptions defaults() {
        return new NetworkFaultOptions(List.of(Topology.values()), 200, 50, 20);
    }

    /** The defaults with these partition targets. */
    public NetworkFaultOptions withPartitionTargets(List<Topology> targets) {
        return new NetworkFaultOptions(List.copyOf(targets), latencyMs, jitterMs, lossPercent);
    }
}
