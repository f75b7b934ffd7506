package io.kchaos.harness.run;

import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.cluster.install.Installation;
import io.kchaos.harness.proxy.ProxiedCluster;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.cluster.Capability;

import java.util.List;

/** Decides whether a run's clients go through the kchaos proxy: with {@code --proxy}, or when a protocol fault is in the mix. */
final class ProxiedRuns {
    private ProxiedRuns() {
    }

    /** Whether this run needs the proxy. */
    static boolean needed(RunConfig config, List<Nemesis> nemeses) {
        return config.clients().proxy() || nemeses.stream().anyMatch(n -> n.requires().contains(Capability.PROTOCOL));
    }

    /** {@code cluster} behind the proxy when the run needs it, else {@code cluster} itself (the plain path, unchanged). */
    static KafkaCluster wrap(KafkaCluster cluster, RunConfig config, List<Nemesis> nemeses, RunFolder folder) {
        if (!needed(config, nemeses)) return cluster;
        var libs = Installation.current().proxyLibs()
                .orElseThrow(() -> new ClusterException("the kchaos proxy's jars are missing (build the proxy module: mvn package)"));
        return new ProxiedCluster(cluster, libs, folder.files().proxy());
    }
}
