package io.kchaos.harness.run;

import io.kchaos.checker.raft.MetadataNode;
import io.kchaos.cluster.KafkaCluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cluster as the run left it: the workload topic, each partition's final ISR read before the clean stop (for the
 * replica audit), whether the ISR was full before the drain, the workload's counters, how many faults were injected,
 * each broker's data directories as left after the stop, and each node's metadata log with its role (for the Raft audit).
 */
public record FinalState(String topic, Map<Integer, List<Integer>> finalIsr, boolean fullIsrBeforeDrain, String workloadStats,
                         int faultsInjected, Map<Integer, List<Path>> logDirs, List<MetadataNode> metadataLogs) {

    /** Every broker's data directories, all of each broker's in {@code log.dirs} order: what the replica audit reads. */
    public List<Path> allLogDirs() {
        return logDirs.values().stream().flatMap(List::stream).toList();
    }

    /**
     * This state with the metadata logs as the cluster lists them after its clean stop: a backend that copies them back
     * (SSH) has them only then.
     */
    public FinalState afterStop(KafkaCluster cluster) {
        return new FinalState(topic, finalIsr, fullIsrBeforeDrain, workloadStats, faultsInjected, logDirs, metadataLogs(cluster));
    }

    /**
     * The cluster's metadata logs, each node a voter or an observer as the quorum started (the Raft audit's voter set
     * until the logs name another: a dynamic quorum's changes, voter-grow's five of a quorum started with three, are theirs).
     */
    static List<MetadataNode> metadataLogs(KafkaCluster cluster) {
        Set<Integer> voters = Set.copyOf(cluster.initialVoterIds());
        List<MetadataNode> nodes = new ArrayList<>();
        cluster.metadataLogDirs().forEach((id, dir) -> nodes.add(new MetadataNode(id, dir, voters.contains(id))));
        return List.copyOf(nodes);
    }
}
