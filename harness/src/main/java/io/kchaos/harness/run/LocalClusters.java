package io.kchaos.harness.run;

import io.kchaos.harness.cluster.ClusterSpec;
import io.kchaos.harness.cluster.KafkaCluster;
import io.kchaos.harness.cluster.LocalCluster;
import io.kchaos.harness.cluster.NodeHosts;
import io.kchaos.harness.cluster.OrphanReaper;
import io.kchaos.harness.net.NetworkJanitor;
import io.kchaos.harness.os.CommandRunner;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The local backend: one JVM per node on this machine. Before a run it reaps brokers whose harness is gone and sweeps
 * the network namespaces, links and rules of crashed runs.
 */
public final class LocalClusters implements ClusterFactory {
    private final ClusterSpec spec;
    private final Supplier<NodeHosts> hosts;
    private final CommandRunner runner;

    public LocalClusters(ClusterSpec spec, Supplier<NodeHosts> hosts, CommandRunner runner) {
        this.spec = spec;
        this.hosts = hosts;
        this.runner = runner;
    }

    @Override
    public KafkaCluster create(RunConfig config, RunFolder folder) {
        return new LocalCluster(spec, folder.nodes(), hosts.get(), runner);
    }

    @Override
    public List<String> sweepLeftovers() {
        List<String> lines = new ArrayList<>();
        List<Long> reaped = OrphanReaper.reap();
        if (!reaped.isEmpty()) lines.add("reaped " + reaped.size() + " broker process(es) left by an earlier crashed run: " + reaped);
        List<String> swept = new NetworkJanitor(runner).sweep();
        if (!swept.isEmpty()) lines.add("removed " + swept.size() + " network leftover(s) of an earlier crashed run: " + String.join(", ", swept));
        return lines;
    }
}
