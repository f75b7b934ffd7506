/**
 * The Raft audit of KRaft's {@code __cluster_metadata} log (the raft-audit anomalies of docs/format.md). Entry point
 * {@link io.kchaos.checker.raft.RaftAudit}; it reads segments and snapshots with the replica audit's segment reader.
 *
 * <p>Decisions a reader of the results should know:
 * <ul>
 *   <li>The voter set over time ({@link io.kchaos.checker.raft.VoterSets}): the given one, then each one a log names
 *       (KIP-853 {@code VotersRecord}, {@code LeaderChangeMessage} voters, a snapshot's) from that record's offset on;
 *       every majority is one of the set in force at the offset judged.</li>
 *   <li>Committed: a batch (base offset, last offset, epoch, CRC) that a majority of the voter set in force at its base
 *       offset holds at the end. A clean stop leaves every committed batch on a majority (KRaft fsyncs before it acknowledges); a log
 *       prefix deleted after a snapshot is simply not compared. Observations of the quorum ({@link
 *       io.kchaos.checker.raft.QuorumObservation}: a high watermark a leader announced) add a committed floor: what a
 *       disk that lied lost on a majority can no longer pass for a lagging node or a stale tail.</li>
 *   <li>Two logs are compared on the offsets both hold, up to their first difference: a shorter log (a node stopped
 *       earlier) is no finding; a first difference is one anomaly, or a warning when it is a stale uncommitted tail (an epoch below the commit of the batch a majority holds there) and
 *       no same-offset same-epoch batch follows (an uncommitted tail Raft truncates).</li>
 *   <li>Snapshots are held only to what Raft promises ({@link io.kchaos.checker.raft.SnapshotChecks}): the id's epoch
 *       is at least the epoch of the entry before its end offset, and a majority of the voters in force reach its end
 *       offset. Snapshot contents are not compared across nodes.</li>
 * </ul>
 */
package io.kchaos.checker.raft;
