package io.kchaos.checker.raft;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.replica.BatchInfo;
import io.kchaos.checker.result.CheckResult;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The Raft audit of KRaft's {@code __cluster_metadata} log, offline after a clean stop: every node's copy of the log,
 * its snapshots and its quorum-state, judged against Raft's promises (the raft-audit rows of the anomaly catalogue).
 * The voter set is input, so combined mode (every node a voter) and dedicated controllers (brokers observe) both work;
 * from the offset where a log names another one ({@link VoterSets}), that one counts, so every majority is one of the
 * voter set in force at the offset judged.
 * Optional {@link QuorumObservation}s of what the quorum committed during the run set a committed floor: offsets below
 * an announced high watermark must still be kept by a majority of the voters.
 *
 * <pre>{@code
 * CheckResult r = RaftAudit.of(List.of(new MetadataNode(1, dir1, true), new MetadataNode(2, dir2, true), ...))
 *         .withObservations(List.of(new QuorumObservation(120, 2, 3, "describeMetadataQuorum sample at 12.3 s"))).run();
 * }</pre>
 */
public final class RaftAudit {
    private final List<MetadataNode> nodes;
    private final List<QuorumObservation> observations;

    private RaftAudit(List<MetadataNode> nodes, List<QuorumObservation> observations) {
        this.nodes = nodes;
        this.observations = observations;
    }

    /** An audit of these nodes' metadata logs; each id at most once. */
    public static RaftAudit of(Collection<MetadataNode> nodes) {
        Set<Integer> ids = new HashSet<>();
        for (MetadataNode n : nodes) {
            if (!ids.add(n.id())) throw new IllegalArgumentException("node " + n.id() + " given twice to the Raft audit");
        }
        return new RaftAudit(List.copyOf(nodes), List.of());
    }

    /** The same audit with evidence of what the quorum committed (high watermarks leaders announced); none by default. */
    public RaftAudit withObservations(Collection<QuorumObservation> observed) {
        return new RaftAudit(nodes, List.copyOf(observed));
    }

    /** Reads every node's metadata log and judges them. */
    public CheckResult run() {
        long started = System.nanoTime();
        CheckResult result = new CheckResult();
        RaftFindings findings = new RaftFindings(result);
        List<MetadataLog> logs = new ArrayList<>();
        for (MetadataNode n : nodes) {
            if (Files.isDirectory(n.partitionDir())) logs.add(MetadataLog.read(n, findings));
            else findings.warn("node " + n.id() + ": no " + MetadataNode.PARTITION_FOLDER + " in " + n.metadataDir() + "; its metadata log not audited");
        }
        ObjectNode stats = result.stats().putObject(ResultsFields.Stats.RAFT);
        Set<Integer> given = new TreeSet<>();
        nodes.stream().filter(MetadataNode::voter).forEach(n -> given.add(n.id()));
        Map<BatchKey, List<Integer>> heldBy = holders(logs);
        VoterSets voterSets = VoterSets.of(given, logs, heldBy);
        stats.put(ResultsFields.Raft.NODES, logs.size());
        stats.put(ResultsFields.Raft.VOTERS, voterSets.last().voters().size());
        stats.put(ResultsFields.Raft.OBSERVERS, nodes.stream().filter(n -> !voterSets.everVoter(n.id())).count());
        ArrayNode sets = stats.putArray(ResultsFields.Raft.VOTER_SETS);
        voterSets.all().forEach(v -> sets.add(v.toJson()));
        CommittedFloor floor = CommittedFloor.of(observations);
        stats.put(ResultsFields.Raft.OBSERVATIONS, observations.size());
        if (!floor.isEmpty()) stats.put(ResultsFields.Raft.COMMITTED_FLOOR, floor.floor());
        ObservedLeaders.conflicts(observations).forEach(c -> findings.observedLeaders(c[0], c[1]));
        if (logs.isEmpty()) {
            findings.warn("Raft audit: no node's metadata log found; nothing audited");
            return result;
        }
        warnVoterSets(logs, voterSets, findings);
        List<CommittedLoss.Lost> lost = CommittedLoss.find(voterSets, logs, floor);
        lost.forEach(findings::committedLost);
        long compared = comparePairs(logs, heldBy, voterSets, floor, lost, findings);
        SnapshotChecks.Counts snapshots = SnapshotChecks.run(logs, heldBy, voterSets, findings);
        checkQuorumStates(logs, voterSets, findings);

        stats.put(ResultsFields.Audit.BATCHES, logs.stream().mapToLong(l -> l.batches().size()).sum());
        stats.put(ResultsFields.Raft.BATCHES_COMPARED, compared);
        stats.put(ResultsFields.Raft.COMMITTED_BATCHES, heldBy.entrySet().stream().filter(e -> voterSets.committed(e.getKey(), e.getValue())).count());
        stats.put(ResultsFields.Raft.SNAPSHOTS_CHECKED, snapshots.checked());
        stats.put(ResultsFields.Raft.SNAPSHOTS_SKIPPED, snapshots.skipped());
        stats.put(ResultsFields.Raft.MAX_EPOCH, logs.stream().mapToInt(MetadataLog::maxLogEpoch).max().orElse(-1));
        ObjectNode ends = stats.putObject(ResultsFields.Raft.LOG_END_OFFSETS);
        logs.forEach(l -> ends.put(Integer.toString(l.node().id()), l.endOffset()));
        logs.stream().max(java.util.Comparator.comparingLong(MetadataLog::endOffset))
                .ifPresent(longest -> stats.set(ResultsFields.Raft.BROKER_FENCING, BrokerFencing.toJson(BrokerFencing.in(longest.batches()))));
        stats.put(ResultsFields.Audit.BYTES_READ, logs.stream().mapToLong(MetadataLog::bytesRead).sum());
        stats.put(ResultsFields.Audit.SECONDS, Math.round((System.nanoTime() - started) / 1e6) / 1000.0);
        return result;
    }

    /**
     * For an offset, the highest epoch among the committed batches at or after it: the latest epoch whose leader had
     * a batch there in its log. A committed batch was committed by then at the latest (committed batches stay on a
     * majority), so every leader of that epoch or later must hold it; a different batch of a lower epoch may be a
     * stale uncommitted one (the Raft paper's figure 8).
     */
    private record CommitEpochs(long[] bases, int[] suffixMax) {
        static CommitEpochs of(List<long[]> committed) {
            List<long[]> sorted = committed.stream().sorted((x, y) -> Long.compare(x[0], y[0])).toList();
            long[] bases = new long[sorted.size()];
            int[] max = new int[sorted.size()];
            int m = -1;
            for (int i = sorted.size() - 1; i >= 0; i--) {
                bases[i] = sorted.get(i)[0];
                m = Math.max(m, (int) sorted.get(i)[1]);
                max[i] = m;
            }
            return new CommitEpochs(bases, max);
        }

        int atOrAfter(long offset) {
            int i = java.util.Arrays.binarySearch(bases, offset);
            if (i < 0) i = -i - 1;
            return i < bases.length ? suffixMax[i] : Integer.MAX_VALUE;
        }
    }

    /**
     * The epoch by which a majority-held batch was surely committed: the latest epoch of the committed batches at or
     * after it, or, tighter, the epoch of the leader that announced a high watermark above it (when the batch's own
     * epoch is one that announcement allows).
     */
    private record CommitEpoch(CommitEpochs majorityEpochs, CommittedFloor floor) {
        int of(BatchInfo committed) {
            int byMajority = majorityEpochs.atOrAfter(committed.baseOffset());
            int byObservation = floor.proof(committed.baseOffset()).map(QuorumObservation::epochBound)
                    .filter(bound -> committed.leaderEpoch() <= bound).orElse(Integer.MAX_VALUE);
            return Math.min(byMajority, byObservation);
        }
    }

    /** Each batch a node holds → the nodes holding it (voters and observers: which of them count depends on the offset). */
    private static Map<BatchKey, List<Integer>> holders(List<MetadataLog> logs) {
        Map<BatchKey, List<Integer>> held = new HashMap<>();
        for (MetadataLog l : logs) {
            for (BatchInfo b : l.batches()) held.computeIfAbsent(BatchKey.of(b), k -> new ArrayList<>()).add(l.node().id());
        }
        return held;
    }

    /**
     * Each pair of logs up to its first difference, which is one anomaly or one warning (none where the offset is
     * already reported lost); returns the batches found identical.
     */
    private static long comparePairs(List<MetadataLog> logs, Map<BatchKey, List<Integer>> heldBy, VoterSets voterSets, CommittedFloor floor,
                                     List<CommittedLoss.Lost> lost, RaftFindings findings) {
        long compared = 0;
        Set<String> reported = new HashSet<>();
        CommitEpochs majorityEpochs = CommitEpochs.of(heldBy.entrySet().stream().filter(e -> voterSets.committed(e.getKey(), e.getValue()))
                .map(e -> new long[] {e.getKey().base(), e.getKey().epoch()}).toList());
        CommitEpoch committedBy = new CommitEpoch(majorityEpochs, floor);
        for (int i = 0; i < logs.size(); i++) {
            for (int j = i + 1; j < logs.size(); j++) {
                MetadataLog a = logs.get(i);
                MetadataLog b = logs.get(j);
                FirstDifference d = FirstDifference.of(a.batches(), b.batches());
                compared += d.compared();
                if (!d.differs()) continue;
                BatchKey keyA = BatchKey.of(d.a());
                BatchKey keyB = BatchKey.of(d.b());
                List<Integer> heldA = heldBy.getOrDefault(keyA, List.of());
                List<Integer> heldB = heldBy.getOrDefault(keyB, List.of());
                boolean voterA = voterSets.at(d.offset()).voters().contains(a.node().id());
                boolean voterB = voterSets.at(d.offset()).voters().contains(b.node().id());
                if (d.a().leaderEpoch() == d.b().leaderEpoch()) {
                    if (reported.add("election " + d.offset() + " " + new TreeSet<>(List.of(d.a().crc(), d.b().crc())))) {
                        findings.electionSafety(d, a.node(), b.node());
                    }
                } else if (voterSets.committed(keyA, heldA) && d.b().leaderEpoch() >= committedBy.of(d.a())) {
                    if (reported.add("replaced " + b.node().id() + " " + d.offset())) {
                        findings.committedReplaced(d.a(), voterSets.votersHolding(keyA, heldA), b.node(), voterB, d.b());
                    }
                } else if (voterSets.committed(keyB, heldB) && d.a().leaderEpoch() >= committedBy.of(d.b())) {
                    if (reported.add("replaced " + a.node().id() + " " + d.offset())) {
                        findings.committedReplaced(d.b(), voterSets.votersHolding(keyB, heldB), a.node(), voterA, d.a());
                    }
                } else {
                    Optional<BatchInfo> match = d.laterMatch(a.batches(), b.batches());
                    if (match.isPresent()) findings.logMismatch(d, a.node(), b.node(), match.get());
                    else if (lost.stream().noneMatch(l -> l.contains(d.offset()))) findings.warn("metadata logs of nodes " + a.node().id()
                            + " and " + b.node().id() + " diverge at offset " + d.offset() + " (epochs " + d.a().leaderEpoch() + " and "
                            + d.b().leaderEpoch() + ") where the lower-epoch batch is one no majority of voters holds: a stale uncommitted tail, which Raft truncates");
                }
            }
        }
        return compared;
    }

    /** A voter that should have a quorum-state (of the set in force at the end) and a quorum-state are checked. */
    private static void checkQuorumStates(List<MetadataLog> logs, VoterSets voterSets, RaftFindings findings) {
        for (MetadataLog l : logs) {
            if (l.quorumState().isEmpty()) {
                if (voterSets.last().voters().contains(l.node().id())) {
                    findings.warn("node " + l.node().id() + ": no quorum-state in " + l.node().partitionDir() + "; not checked");
                }
                continue;
            }
            QuorumStateFile q = l.quorumState().get();
            if (q.leaderEpoch() < Math.max(l.maxLogEpoch(), l.maxSnapshotEpoch())) {
                findings.quorumStateBehind(l.node(), q, l.maxLogEpoch(), l.maxSnapshotEpoch());
            }
        }
    }

    /**
     * Warnings about the voter sets: a quorum-state that lists voters (data version 0) other than the set in force at the
     * end of the log (that set counts), and voters a log names that no audited node is (they count as holding nothing).
     */
    private void warnVoterSets(List<MetadataLog> logs, VoterSets voterSets, RaftFindings findings) {
        Set<Integer> last = voterSets.last().voters();
        Map<Integer, Set<Integer>> listed = new LinkedHashMap<>();
        logs.forEach(l -> l.quorumState().filter(q -> !q.voters().isEmpty()).ifPresent(q -> listed.put(l.node().id(), new TreeSet<>(q.voters()))));
        listed.forEach((node, v) -> {
            if (!v.equals(last)) findings.warn("node " + node + ": quorum-state lists voters " + v + ", the audit counts " + last);
        });
        Set<Integer> audited = new HashSet<>();
        nodes.forEach(n -> audited.add(n.id()));
        for (VoterSet v : voterSets.all()) {
            List<Integer> unaudited = v.voters().stream().filter(id -> !audited.contains(id)).toList();
            if (!unaudited.isEmpty()) findings.warn("Raft audit: voters " + unaudited + " of the " + v.record() + " at offset " + v.offset()
                    + " are not among the nodes audited; counted as holding nothing");
        }
    }
}
