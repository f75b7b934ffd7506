package io.kchaos.checker.raft;

import io.kchaos.history.folder.ResultsFields;
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
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The Raft audit of KRaft's {@code __cluster_metadata} log, offline after a clean stop: every node's copy of the log,
 * its snapshots and its quorum-state, judged against Raft's promises (the raft-audit rows of the anomaly catalogue).
 * The voter set is input, so combined mode (every node a voter) and dedicated controllers (brokers observe) both work.
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
        List<Integer> voterIds = nodes.stream().filter(MetadataNode::voter).map(MetadataNode::id).toList();
        long voters = voterIds.size();
        stats.put(ResultsFields.Raft.NODES, logs.size());
        stats.put(ResultsFields.Raft.VOTERS, voters);
        stats.put(ResultsFields.Raft.OBSERVERS, nodes.size() - voters);
        CommittedFloor floor = CommittedFloor.of(observations);
        stats.put(ResultsFields.Raft.OBSERVATIONS, observations.size());
        if (!floor.isEmpty()) stats.put(ResultsFields.Raft.COMMITTED_FLOOR, floor.floor());
        ObservedLeaders.conflicts(observations).forEach(c -> findings.observedLeaders(c[0], c[1]));
        if (logs.isEmpty()) {
            findings.warn("Raft audit: no node's metadata log found; nothing audited");
            return result;
        }
        warnVoterSet(logs, findings);
        Map<BatchKey, List<Integer>> heldBy = holders(logs);
        int majority = (int) (voters / 2 + 1);
        List<CommittedLoss.Lost> lost = CommittedLoss.find(voterIds, logs, floor, majority);
        lost.forEach(findings::committedLost);
        long compared = comparePairs(logs, heldBy, majority, floor, lost, findings);
        long snapshots = checkSnapshots(logs, heldBy, majority, findings);
        checkQuorumStates(logs, findings);

        stats.put(ResultsFields.Audit.BATCHES, logs.stream().mapToLong(l -> l.batches().size()).sum());
        stats.put(ResultsFields.Raft.BATCHES_COMPARED, compared);
        stats.put(ResultsFields.Raft.COMMITTED_BATCHES, heldBy.values().stream().filter(h -> h.size() >= majority).count());
        stats.put(ResultsFields.Raft.SNAPSHOTS_CHECKED, snapshots);
        stats.put(ResultsFields.Raft.MAX_EPOCH, logs.stream().mapToInt(MetadataLog::maxLogEpoch).max().orElse(-1));
        ObjectNode ends = stats.putObject(ResultsFields.Raft.LOG_END_OFFSETS);
        logs.forEach(l -> ends.put(Integer.toString(l.node().id()), l.endOffset()));
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

    /** Each batch a voter holds → the voters holding it. */
    private static Map<BatchKey, List<Integer>> holders(List<MetadataLog> logs) {
        Map<BatchKey, List<Integer>> held = new HashMap<>();
        for (MetadataLog l : logs) {
            if (!l.node().voter()) continue;
            for (BatchInfo b : l.batches()) held.computeIfAbsent(BatchKey.of(b), k -> new ArrayList<>()).add(l.node().id());
        }
        return held;
    }

    /**
     * Each pair of logs up to its first difference, which is one anomaly or one warning (none where the offset is
     * already reported lost); returns the batches found identical.
     */
    private static long comparePairs(List<MetadataLog> logs, Map<BatchKey, List<Integer>> heldBy, int majority, CommittedFloor floor,
                                     List<CommittedLoss.Lost> lost, RaftFindings findings) {
        long compared = 0;
        Set<String> reported = new HashSet<>();
        CommitEpochs majorityEpochs = CommitEpochs.of(heldBy.entrySet().stream().filter(e -> e.getValue().size() >= majority)
                .map(e -> new long[] {e.getKey().base(), e.getKey().epoch()}).toList());
        CommitEpoch committedBy = new CommitEpoch(majorityEpochs, floor);
        for (int i = 0; i < logs.size(); i++) {
            for (int j = i + 1; j < logs.size(); j++) {
                MetadataLog a = logs.get(i);
                MetadataLog b = logs.get(j);
                FirstDifference d = FirstDifference.of(a.batches(), b.batches());
                compared += d.compared();
                if (!d.differs()) continue;
                List<Integer> heldA = heldBy.getOrDefault(BatchKey.of(d.a()), List.of());
                List<Integer> heldB = heldBy.getOrDefault(BatchKey.of(d.b()), List.of());
                if (d.a().leaderEpoch() == d.b().leaderEpoch()) {
                    if (reported.add("election " + d.offset() + " " + new TreeSet<>(List.of(d.a().crc(), d.b().crc())))) {
                        findings.electionSafety(d, a.node(), b.node());
                    }
                } else if (heldA.size() >= majority && d.b().leaderEpoch() >= committedBy.of(d.a())) {
                    if (reported.add("replaced " + b.node().id() + " " + d.offset())) findings.committedReplaced(d.a(), heldA, b.node(), d.b());
                } else if (heldB.size() >= majority && d.a().leaderEpoch() >= committedBy.of(d.b())) {
                    if (reported.add("replaced " + a.node().id() + " " + d.offset())) findings.committedReplaced(d.b(), heldB, a.node(), d.a());
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

    /**
     * Each snapshot with an end offset above 0 against its holder's own log and the committed batches (a stale tail of
     * another node may hold anything there); returns how many were checked.
     */
    private static long checkSnapshots(List<MetadataLog> logs, Map<BatchKey, List<Integer>> heldBy, int majority, RaftFindings findings) {
        long checked = 0;
        Map<Integer, Long> voterEnds = new TreeMap<>();
        logs.stream().filter(l -> l.node().voter()).forEach(l -> voterEnds.put(l.node().id(), l.endOffset()));
        for (MetadataLog holder : logs) {
            for (SnapshotFile s : holder.snapshots()) {
                checked++;
                if (s.endOffset() == 0) continue; // the bootstrap snapshot summarises no offset of the log
                boolean behind = false;
                for (MetadataLog l : logs) {
                    BatchInfo b = l.covering(s.endOffset() - 1).orElse(null);
                    if (b == null || b.leaderEpoch() <= s.epoch()) continue;
                    if (l == holder || heldBy.getOrDefault(BatchKey.of(b), List.of()).size() >= majority) {
                        findings.snapshotEpochBehindLog(holder.node(), s, l.node(), b);
                        behind = true;
                        break;
                    }
                }
                if (!behind && !voterEnds.isEmpty() && voterEnds.values().stream().allMatch(end -> end < s.endOffset())) {
                    findings.snapshotBeyondLogs(holder.node(), s, voterEnds);
                }
            }
        }
        return checked;
    }

    private static void checkQuorumStates(List<MetadataLog> logs, RaftFindings findings) {
        for (MetadataLog l : logs) {
            if (l.quorumState().isEmpty()) {
                if (l.node().voter()) findings.warn("node " + l.node().id() + ": no quorum-state in " + l.node().partitionDir() + "; not checked");
                continue;
            }
            QuorumStateFile q = l.quorumState().get();
            if (q.leaderEpoch() < Math.max(l.maxLogEpoch(), l.maxSnapshotEpoch())) {
                findings.quorumStateBehind(l.node(), q, l.maxLogEpoch(), l.maxSnapshotEpoch());
            }
        }
    }

    /** A quorum-state that lists voters (data version 0) other than the audit's voter set: the audit's set counts. */
    private void warnVoterSet(List<MetadataLog> logs, RaftFindings findings) {
        Set<Integer> given = new TreeSet<>();
        nodes.stream().filter(MetadataNode::voter).forEach(n -> given.add(n.id()));
        Map<Integer, Set<Integer>> listed = new LinkedHashMap<>();
        logs.forEach(l -> l.quorumState().filter(q -> !q.voters().isEmpty()).ifPresent(q -> listed.put(l.node().id(), new TreeSet<>(q.voters()))));
        listed.forEach((node, v) -> {
            if (!v.equals(given)) findings.warn("node " + node + ": quorum-state lists voters " + v + ", the audit counts " + given);
        });
    }
}
