package io.kchaos.backend.local;

import io.kchaos.backend.local.net.NetworkJanitor;
import io.kchaos.backend.local.storage.DataDisks;
import io.kchaos.backend.local.storage.DiskJanitor;
import io.kchaos.backend.local.storage.SyncTracking;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.cluster.QuorumMode;
import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.cluster.Capability;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code --backend local}: one JVM per node on this machine. The faults it can take here, one run's cluster (data
 * disks and the sync-tracking agent only when a fault needs them), and before each run the broker processes, network
 * namespaces, links, rules and data-disk mounts of crashed runs swept. Where the nodes live is {@link Hosts}'s choice.
 */
public final class LocalBackend {
    private LocalBackend() {
    }

    /**
     * What local brokers beside {@code quorum}'s controllers, with {@code logDirs} data directories each, and a
     * tiered-storage bucket when {@code tiered}, can take on this machine, before {@link Hosts} rules out what its network cannot do.
     */
    public static Set<Capability> capabilities(CommandRunner runner, QuorumSpec quorum, int logDirs, boolean tiered) {
        Set<Capability> possible = EnumSet.complementOf(EnumSet.of(Capability.TOXIPROXY));
        if (!DataDisks.canMount(runner)) possible.remove(Capability.DISK_LIMIT);
        if (!quorum.dedicated()) possible.remove(Capability.DEDICATED_CONTROLLERS);
        if (quorum.mode() != QuorumMode.DYNAMIC) possible.remove(Capability.DYNAMIC_QUORUM);
        if (!quorum.startsSmaller()) possible.remove(Capability.OBSERVING_CONTROLLERS);
        if (logDirs < 2) possible.remove(Capability.JBOD);
        if (!tiered) possible.remove(Capability.REMOTE_TIER);
        return possible;
    }

    /** The (not yet started) cluster of one run, its nodes' files in {@code nodesDir}. */
    public static KafkaCluster cluster(ClusterSpec spec, Path nodesDir, Hosts.Plan hosts, CommandRunner runner, List<Nemesis> nemeses) {
        LocalCluster cluster = new LocalCluster(spec, nodesDir, hosts.create(), runner, DataDisks.forNemeses(nemeses, runner));
        boolean power = nemeses.stream().anyMatch(n -> n.requires().contains(Capability.POWER_LOSS));
        return power ? cluster.trackSyncs(SyncTracking.withBundledAgent()) : cluster;
    }

    /** Removes what crashed runs left on this machine; one line per kind of leftover removed, for the run's output. */
    public static List<String> sweepLeftovers(CommandRunner runner) {
        List<String> lines = new ArrayList<>();
        List<Long> reaped = OrphanReaper.reap();
        if (!reaped.isEmpty()) lines.add("reaped " + reaped.size() + " broker process(es) left by an earlier crashed run: " + reaped);
        leftovers(lines, "network", new NetworkJanitor(runner).sweep());
        leftovers(lines, "disk", new DiskJanitor(runner).sweep());
        return lines;
    }

    private static void leftovers(List<String> lines, String kind, List<String> removed) {
        if (!removed.isEmpty()) {
            lines.add("removed " + removed.size() + " " + kind + " leftover(s) of an earlier crashed run: " + String.join(", ", removed));
        }
    }
}
