package io.kchaos.checker.raft;

import io.kchaos.checker.replica.BatchInfo;

import java.util.List;
import java.util.Map;

/**
 * Each node's snapshots against what Raft lets a node snapshot, committed entries only: the id's epoch is at least
 * the epoch of the entry before its end offset (in its holder's own log, or a committed batch: a stale tail of another
 * node may hold anything there), and a majority of the voter set in force at its last offset reaches its end offset
 * (a log end offset at or past it, or a snapshot of their own that is). The bootstrap snapshot ({@code 0-0}) summarises
 * no offset and is skipped. Snapshot contents are not compared across nodes.
 */
final class SnapshotChecks {
    /** How many snapshots were compared with the logs, and how many skipped. */
    record Counts(long checked, long skipped) {
    }

    private SnapshotChecks() {
    }

    static Counts run(List<MetadataLog> logs, Map<BatchKey, List<Integer>> heldBy, VoterSets voterSets, RaftFindings findings) {
        long checked = 0;
        long skipped = 0;
        for (MetadataLog holder : logs) {
            for (SnapshotFile s : holder.snapshots()) {
                if (s.endOffset() == 0) { // the bootstrap snapshot summarises no offset of the log
                    skipped++;
                    continue;
                }
                checked++;
                if (!epochBehind(holder, s, logs, heldBy, voterSets, findings)) {
                    beyondMajority(holder, s, logs, voterSets.at(s.endOffset() - 1), findings);
                }
            }
        }
        return new Counts(checked, skipped);
    }

    /** Reports, and returns true, when its holder's log or a committed batch covers its last offset with a higher epoch. */
    private static boolean epochBehind(MetadataLog holder, SnapshotFile s, List<MetadataLog> logs, Map<BatchKey, List<Integer>> heldBy,
                                       VoterSets voterSets, RaftFindings findings) {
        for (MetadataLog l : logs) {
            BatchInfo b = l.covering(s.endOffset() - 1).orElse(null);
            if (b == null || b.leaderEpoch() <= s.epoch()) continue;
            if (l == holder || voterSets.committed(BatchKey.of(b), heldBy.getOrDefault(BatchKey.of(b), List.of()))) {
                findings.snapshotEpochBehindLog(holder.node(), s, l.node(), b);
                return true;
            }
        }
        return false;
    }

    /** Reports a snapshot whose end offset fewer than a majority of the voters in force reach. */
    private static void beyondMajority(MetadataLog holder, SnapshotFile s, List<MetadataLog> logs, VoterSet voters, RaftFindings findings) {
        if (voters.voters().isEmpty()) return;
        List<MetadataLog> voterLogs = logs.stream().filter(l -> voters.voters().contains(l.node().id())).toList();
        List<Integer> reaching = voterLogs.stream().filter(l -> l.reaches(s.endOffset())).map(l -> l.node().id()).toList();
        if (reaching.size() >= voters.majority()) return;
        findings.snapshotBeyondMajority(holder.node(), s, voters, voterLogs, reaching);
    }
}
