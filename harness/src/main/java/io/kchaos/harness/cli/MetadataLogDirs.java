package io.kchaos.harness.cli;

import io.kchaos.checker.raft.LoggedVoters;
import io.kchaos.checker.raft.MetadataNode;
import io.kchaos.checker.raft.QuorumStateFile;
import io.kchaos.checker.replica.BrokerLogDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The metadata log directories among {@code verify-logs}' DIRs (those holding {@code __cluster_metadata-0}, node id
 * from {@code meta.properties}) and the voter set the Raft audit is given: {@code --voters} (in force until a log names
 * another); else none when the logs name voter sets (VotersRecord, LeaderChangeMessage: the audit follows them over
 * time, and every voter of the latest must have a DIR); else the quorum-state files', else every node given (said in a
 * warning).
 *
 * @param nodes    the nodes to audit, voters and observers
 * @param warnings what the reader must know about how the voter set was found
 */
record MetadataLogDirs(List<MetadataNode> nodes, List<String> warnings) {

    /** True for a DIR that holds a KRaft metadata log. */
    static boolean holdsMetadataLog(Path dir) {
        return Files.isDirectory(dir.resolve(MetadataNode.PARTITION_FOLDER));
    }

    /**
     * True for a DIR whose only folder is {@code __cluster_metadata-0} (a controller's or a separate
     * {@code metadata.log.dir}): the replica audit has nothing to read there.
     */
    static boolean onlyMetadata(Path dir) {
        if (!holdsMetadataLog(dir)) return false;
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(Files::isDirectory).allMatch(c -> c.getFileName().toString().equals(MetadataNode.PARTITION_FOLDER));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Resolves the DIRs that hold a metadata log; throws {@link IllegalArgumentException} (one line) for a voter with no
     * DIR or a node id given twice.
     *
     * @param voters the {@code --voters} ids, or null to find the voter set in the logs
     */
    static MetadataLogDirs of(Collection<Path> dirs, List<Integer> voters) {
        Map<Integer, Path> byId = new LinkedHashMap<>();
        for (Path d : dirs) {
            if (!holdsMetadataLog(d)) continue;
            int id = BrokerLogDir.open(d, t -> false).nodeId();
            Path other = byId.putIfAbsent(id, d);
            if (other != null) throw new IllegalArgumentException("node " + id + " has two metadata log dirs: " + other + " and " + d);
        }
        List<String> warnings = new ArrayList<>();
        Set<Integer> given; // the nodes flagged as voters: none when the logs name the voter sets
        Set<Integer> required; // the voters that must have a DIR
        String from;
        Map.Entry<Integer, LoggedVoters> logged = voters != null ? null : loggedVoters(byId);
        if (voters != null) {
            given = new TreeSet<>(voters);
            required = given;
            from = "--voters";
        } else if (logged != null) {
            given = Set.of();
            required = new TreeSet<>(logged.getValue().voters());
            from = "node " + logged.getKey() + "'s " + logged.getValue().record() + " at offset " + logged.getValue().offset();
        } else {
            given = listedVoters(byId);
            from = "the quorum-state files";
            if (given.isEmpty()) {
                given = new TreeSet<>(byId.keySet());
                warnings.add("Raft audit: neither the metadata logs (VotersRecord, LeaderChangeMessage) nor a quorum-state name the voter set; "
                        + "assumed every metadata log dir given is a voter: " + given + " (give --voters to say otherwise)");
            }
            required = given;
        }
        for (int v : required) {
            if (!byId.containsKey(v)) {
                throw new IllegalArgumentException("voter " + v + " (from " + from + ") has no metadata log dir among the DIRs given "
                        + "(nodes with __cluster_metadata-0: " + new TreeSet<>(byId.keySet()) + ")");
            }
        }
        List<MetadataNode> nodes = new ArrayList<>();
        Set<Integer> flagged = given;
        byId.forEach((id, d) -> nodes.add(new MetadataNode(id, d, flagged.contains(id))));
        return new MetadataLogDirs(List.copyOf(nodes), List.copyOf(warnings));
    }

    /** The latest voter set any node's log names (by offset), with that node; null when none names one. */
    private static Map.Entry<Integer, LoggedVoters> loggedVoters(Map<Integer, Path> byId) {
        Map.Entry<Integer, LoggedVoters> latest = null;
        for (Map.Entry<Integer, Path> e : byId.entrySet()) {
            LoggedVoters v = LoggedVoters.read(e.getValue()).orElse(null);
            if (v != null && (latest == null || v.offset() > latest.getValue().offset())) latest = Map.entry(e.getKey(), v);
        }
        return latest;
    }

    /** The voters the quorum-state files list (data version 0): of the file with the highest epoch; empty when none lists them. */
    private static Set<Integer> listedVoters(Map<Integer, Path> byId) {
        QuorumStateFile latest = null;
        for (Path d : byId.values()) {
            QuorumStateFile q;
            try {
                q = QuorumStateFile.read(d.resolve(MetadataNode.PARTITION_FOLDER).resolve(QuorumStateFile.FILE_NAME)).orElse(null);
            } catch (IllegalArgumentException unparseable) { // the audit says so in a warning
                continue;
            }
            if (q != null && !q.voters().isEmpty() && (latest == null || q.leaderEpoch() > latest.leaderEpoch())) latest = q;
        }
        return latest == null ? new TreeSet<>() : new TreeSet<>(latest.voters());
    }
}
