package io.kchaos.harness.run;

import io.kchaos.cluster.KafkaCluster;
import io.kchaos.backend.local.OrphanReaper;
import io.kchaos.backend.local.net.NetworkJanitor;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.backend.local.storage.DiskJanitor;

import java.util.ArrayList;
import java.util.List;

/**
 * The local backend: one JVM per node on this machine. Before a run it reaps brokers whose harness is gone and sweeps
 * the network namespaces, links, rules and data-disk mounts of crashed runs.
 */
public final class LocalClusters implements ClusterFactory {
    private final ClusterFactory nodes;
    private final CommandRunner runner;

    /** {@code nodes} creates the cluster's JVMs; {@code runner} runs the clean-up commands. */
    public LocalClusters(ClusterFactory nodes, CommandRunner runner) {
        this.nodes = nodes;
        this.runner = runner;
    }

    @Override
    public KafkaCluster create(RunConfig config, RunFolder folder) {
        return nodes.create(config, folder);
    }

    @Override
    public List<String> sweepLeftovers() {
        List<String> lines = new ArrayList<>();
        List<Long> reaped = OrphanReaper.reap();
        if (!reaped.isEmpty()) lines.add("reaped " + reaped.size() + " broker process(es) left by an earlier crashed run: " + reaped);
        List<String> swept = new NetworkJanitor(runner).sweep();
        if (!swept.isEmpty()) lines.add("removed " + swept.size() + " network leftover(s) of an earlier crashed run: " + String.join(", ", swept));
        List<String> unmounted = new DiskJanitor(runner).sweep();
        if (!unmounted.isEmpty()) lines.add("removed " + unmounted.size() + " disk leftover(s) of an earlier crashed run: " + String.join(", ", unmounted));
        return lines;
    }
}
