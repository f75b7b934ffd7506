package io.kchaos.checker.raft;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.testkit.SyntheticMetadataLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Planted metadata logs of three voters, or of voter sets that change (KIP-853): each broken Raft promise is reported
 * as exactly its own anomaly (negative controls); identical logs, a node missing a committed suffix, a stale uncommitted
 * tail and a batch no majority of the voter set in force holds stay valid (positive ones).
 */
class RaftAuditTest {
    @TempDir
    Path tmp;

    /** Offsets 0 (LeaderChange, epoch 1), 1-3, 4-5 (epoch 1), 6 (LeaderChange, epoch 2), 7-10 (epoch 2). */
    private static void common(SyntheticMetadataLog log) {
        log.leaderChange(1, 1).batch(1, 3, "a").batch(1, 2, "b");
    }

    private static void epochTwo(SyntheticMetadataLog log) {
        log.leaderChange(2, 2).batch(2, 4, "c");
    }

    private Path node(int id, int quorumEpoch, Consumer<SyntheticMetadataLog> batches) {
        Path dir = tmp.resolve("n" + id);
        try (SyntheticMetadataLog log = SyntheticMetadataLog.create(dir, 0)) {
            batches.accept(log);
            log.quorumState(2, quorumEpoch);
        }
        return dir;
    }

    private static CheckResult audit(Path... dirs) {
        List<MetadataNode> nodes = new ArrayList<>();
        for (int i = 0; i < dirs.length; i++) nodes.add(new MetadataNode(i + 1, dirs[i], true));
        return RaftAudit.of(nodes).run();
    }

    private Path full(int id) {
        return node(id, 2, l -> {
            common(l);
            epochTwo(l);
        });
    }

    private static void onlyAnomaly(CheckResult r, String key) {
        assertEquals(List.of(key), r.anomalyTypes(), r.toJson().toString());
        assertEquals(1, r.count(key), r.toJson().toString());
    }

    @Test
    void identicalLogsWithSnapshotsAreValid() {
        Path a = full(1);
        Path b = full(2);
        Path c = full(3);
        for (Path d : List.of(a, b, c)) writeSnapshots(d, new long[] {0, 6, 11}, new int[] {0, 1, 2});
        CheckResult r = audit(a, b, c);
        assertTrue(r.valid(), r.toJson().toString());
        assertTrue(r.warnings().isEmpty(), r.warnings().toString());
        JsonNode s = r.toJson().path("stats").path("raft");
        assertEquals(3, s.path("nodes").asInt());
        assertEquals(15, s.path("batches-compared").asLong()); // 5 batches, 3 pairs
        assertEquals(5, s.path("committed-batches").asLong());
        assertEquals(6, s.path("snapshots-checked").asLong()); // the bootstrap 0-0 snapshots summarise nothing
        assertEquals(3, s.path("snapshots-skipped").asLong());
        assertEquals(11, s.path("log-end-offsets").path("2").asLong());
    }

    @Test
    void aNodeMissingACommittedSuffixIsValid() {
        CheckResult r = audit(full(1), full(2), node(3, 1, RaftAuditTest::common));
        assertTrue(r.valid(), r.toJson().toString());
        assertTrue(r.warnings().isEmpty(), r.warnings().toString());
    }

    @Test
    void aStaleUncommittedTailIsAWarningOnly() {
        Path stale = node(1, 3, l -> {
            common(l);
            l.leaderChange(2, 1).batch(2, 2, "never-committed"); // node 1 led epoch 2 alone
        });
        Consumer<SyntheticMetadataLog> newLeader = l -> {
            common(l);
            l.leaderChange(3, 2).batch(3, 4, "c");
        };
        CheckResult r = audit(stale, node(2, 3, newLeader), node(3, 3, newLeader));
        assertTrue(r.valid(), r.toJson().toString());
        assertEquals(2, r.warnings().size(), r.warnings().toString()); // pairs (1,2) and (1,3)
        assertTrue(r.warnings().get(0).contains("diverge at offset 6"), r.warnings().toString());
    }

    @Test
    void aStaleTailOfAnEpochAboveTheCommittedBatchButBelowItsCommitIsAWarningOnly() {
        // the Raft paper's figure 8: node 1 led epoch 2 and wrote offset 6 alone; the epoch-1 batch at 6 reached a
        // majority only under the epoch-4 leader, which committed it with its own batches after it
        Path stale = node(1, 2, l -> {
            common(l);
            l.leaderChange(2, 1);
        });
        Consumer<SyntheticMetadataLog> committed = l -> {
            common(l);
            l.batch(1, 2, "x").leaderChange(4, 2).batch(4, 2, "d");
        };
        Path two = node(2, 4, committed);
        writeSnapshots(two, new long[] {7}, new int[] {1}); // offset 6 is epoch 1 where committed, epoch 2 on node 1's stale tail
        CheckResult r = audit(stale, two, node(3, 4, committed));
        assertTrue(r.valid(), r.toJson().toString());
        assertEquals(2, r.warnings().size(), r.warnings().toString());
    }

    @Test
    void twoBatchesOfOneEpochAtOneOffsetBreakElectionSafety() {
        Path other = node(3, 2, l -> {
            common(l);
            l.leaderChange(2, 2).batch(2, 4, "other");
        });
        CheckResult r = audit(full(1), node(2, 2, RaftAuditTest::common), other);
        onlyAnomaly(r, Anomalies.RAFT_ELECTION_SAFETY.key());
        JsonNode ex = example(r, Anomalies.RAFT_ELECTION_SAFETY.key());
        assertEquals(7, ex.path("offset").asLong());
        assertEquals(2, ex.path("epoch").asInt());
    }

    @Test
    void aCommittedBatchReplacedByALaterEpochIsReported() {
        Path replaced = node(1, 3, l -> {
            common(l);
            l.leaderChange(3, 1).batch(3, 4, "rewritten"); // epoch 3 leader without the committed epoch-2 entries
        });
        CheckResult r = audit(replaced, full(2), full(3));
        onlyAnomaly(r, Anomalies.RAFT_COMMITTED_REPLACED.key());
        JsonNode ex = example(r, Anomalies.RAFT_COMMITTED_REPLACED.key());
        assertEquals(6, ex.path("offset").asLong());
        assertEquals("[2,3]", ex.path("committed").path("held-by").toString());
        assertEquals(1, ex.path("replaced-by").path("node").asInt());
        assertEquals(3, ex.path("replaced-by").path("epoch").asInt());
    }

    @Test
    void aSameEpochBatchAfterADifferenceBreaksLogMatching() {
        Path one = node(1, 3, l -> {
            common(l);
            l.leaderChange(3, 3);
        });
        Path two = node(2, 3, l -> {
            l.leaderChange(1, 1).batch(1, 3, "a").batch(2, 2, "z");
            l.leaderChange(3, 3);
        });
        CheckResult r = audit(one, two, node(3, 1, l -> l.leaderChange(1, 1).batch(1, 3, "a")));
        onlyAnomaly(r, Anomalies.RAFT_LOG_MISMATCH.key());
        JsonNode ex = example(r, Anomalies.RAFT_LOG_MISMATCH.key());
        assertEquals(4, ex.path("offset").asLong());
        assertEquals(6, ex.path("matching").path("offset").asLong());
    }

    @Test
    void aSnapshotOlderThanTheEntryItEndsAfterIsReported() {
        Path a = full(1);
        writeSnapshots(a, new long[] {8}, new int[] {1}); // offset 7 is epoch 2
        CheckResult r = audit(a, full(2), full(3));
        onlyAnomaly(r, Anomalies.RAFT_SNAPSHOT_MISMATCH.key());
        JsonNode ex = example(r, Anomalies.RAFT_SNAPSHOT_MISMATCH.key());
        assertEquals("epoch-behind-log", ex.path("kind").asText());
        assertEquals(7, ex.path("batch").path("offset").asLong());
    }

    @Test
    void aSnapshotBeyondEveryVoterLogIsReported() {
        Path a = full(1);
        writeSnapshots(a, new long[] {50}, new int[] {2});
        CheckResult r = audit(a, full(2), full(3));
        onlyAnomaly(r, Anomalies.RAFT_SNAPSHOT_MISMATCH.key());
        assertEquals("beyond-logs", example(r, Anomalies.RAFT_SNAPSHOT_MISMATCH.key()).path("kind").asText());
    }

    @Test
    void aSnapshotAheadOfTwoOfThreeVoterLogsIsReported() {
        // node 1 snapshots offsets 0-10, but 6-10 are only in its own log: a snapshot of entries no majority holds
        Path a = full(1);
        writeSnapshots(a, new long[] {11}, new int[] {2});
        CheckResult r = audit(a, node(2, 2, RaftAuditTest::common), node(3, 2, RaftAuditTest::common));
        onlyAnomaly(r, Anomalies.RAFT_SNAPSHOT_MISMATCH.key());
        JsonNode ex = example(r, Anomalies.RAFT_SNAPSHOT_MISMATCH.key());
        assertEquals("beyond-logs", ex.path("kind").asText());
        assertEquals(1, ex.path("node").asInt());
        assertEquals(11, ex.path("end-offset").asLong());
        assertEquals("[1,2,3]", ex.path("voters").toString());
        assertEquals(2, ex.path("majority").asInt());
        assertEquals("[1]", ex.path("reached-by").toString());
        assertEquals("{\"1\":11,\"2\":6,\"3\":6}", ex.path("log-end-offsets").toString());
        assertEquals("{\"1\":11}", ex.path("snapshot-end-offsets").toString());
        assertEquals(1, r.toJson().path("stats").path("raft").path("snapshots-checked").asLong());
    }

    @Test
    void aSnapshotThatTwoOfThreeVotersReachInTheirLogsOrSnapshotsIsValid() {
        Path a = full(1);
        writeSnapshots(a, new long[] {11}, new int[] {2});
        CheckResult byLog = audit(a, full(2), node(3, 2, RaftAuditTest::common));
        assertTrue(byLog.valid() && byLog.warnings().isEmpty(), byLog.toJson().toString());
        Path two = node(2, 2, RaftAuditTest::common);
        writeSnapshots(two, new long[] {11}, new int[] {2}); // node 2 fetched the snapshot: its log ends at 6
        CheckResult bySnapshot = audit(a, two, node(3, 2, RaftAuditTest::common));
        assertTrue(bySnapshot.valid() && bySnapshot.warnings().isEmpty(), bySnapshot.toJson().toString());
        assertEquals(2, bySnapshot.toJson().path("stats").path("raft").path("snapshots-checked").asLong());
    }

    @Test
    void aQuorumStateBehindItsLogIsReported() {
        Path behind = node(1, 1, l -> {
            common(l);
            epochTwo(l);
        });
        CheckResult r = audit(behind, full(2), full(3));
        onlyAnomaly(r, Anomalies.RAFT_QUORUM_STATE_BEHIND.key());
        JsonNode ex = example(r, Anomalies.RAFT_QUORUM_STATE_BEHIND.key());
        assertEquals(1, ex.path("node").asInt());
        assertEquals(2, ex.path("max-log-epoch").asInt());
    }

    @Test
    void observersAreCheckedButDoNotCommit() {
        // voters 1 and 2 hold epoch 2; voter 3 and observer 4 hold another epoch-3 batch: not committed, yet node 4's
        // log replaces the voters' committed epoch-2 entries with a later epoch
        Path rewritten = node(4, 3, l -> {
            common(l);
            l.leaderChange(3, 3).batch(3, 4, "rewritten");
        });
        List<MetadataNode> nodes = List.of(new MetadataNode(1, full(1), true), new MetadataNode(2, full(2), true),
                new MetadataNode(3, node(3, 1, RaftAuditTest::common), true), new MetadataNode(4, rewritten, false));
        CheckResult r = RaftAudit.of(nodes).run();
        onlyAnomaly(r, Anomalies.RAFT_COMMITTED_REPLACED.key());
        assertEquals(1, r.toJson().path("stats").path("raft").path("observers").asInt());
        assertTrue(example(r, Anomalies.RAFT_COMMITTED_REPLACED.key()).path("replaced-by").path("voter").isBoolean());
    }

    @Test
    void aCorruptMetadataBatchOrSnapshotIsCorruptBatchOnly() throws Exception {
        Path a = full(1);
        Path folder = a.resolve(MetadataNode.PARTITION_FOLDER);
        Path snapshot = SyntheticMetadataLog.writeSnapshot(folder, 6, 1);
        flipLastByte(folder.resolve(String.format("%020d.log", 0)));
        flipLastByte(snapshot);
        CheckResult r = audit(a, full(2), full(3));
        assertEquals(List.of(Anomalies.CORRUPT_BATCH.key()), r.anomalyTypes(), r.toJson().toString());
        assertEquals(2, r.count(Anomalies.CORRUPT_BATCH.key()), "the log's last batch and the snapshot's footer");
        assertEquals("__cluster_metadata", example(r, Anomalies.CORRUPT_BATCH.key()).path("topic").asText());
    }

    @Test
    void aQuorumStateListingOtherVotersIsAWarning() {
        Path a = full(1);
        SyntheticMetadataLog.writeQuorumState(a.resolve(MetadataNode.PARTITION_FOLDER), 2, 2, 1, 2, 4);
        CheckResult r = audit(a, full(2), full(3));
        assertTrue(r.valid(), r.toJson().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("quorum-state lists voters [1, 2, 4]")), r.warnings().toString());
    }

    private static void flipLastByte(Path file) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 0x5a;
        Files.write(file, bytes);
    }

    /**
     * A control batch whose last byte (its record's header count) was changed and its CRC rewritten: the CRC holds but
     * the record does not decode. The audit must still judge it (its bytes differ from the other nodes' at the same
     * offset and epoch) and say which batch it could not read, not fail (seen in CI with SafeRunTest's RaftDamage).
     */
    @Test
    void aControlBatchWithAValidCrcThatDoesNotDecodeIsJudgedNotThrown() throws Exception {
        Consumer<SyntheticMetadataLog> log = l -> l.leaderChange(1, 1, 1, 2, 3).batch(1, 3, "a");
        Path damaged = node(1, 1, log);
        undecodable(damaged, 0);
        CheckResult r = audit(damaged, node(2, 1, log), node(3, 1, log));
        onlyAnomaly(r, "raft-election-safety");
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("node 1: the control batch at offsets 0-0 (epoch 1) does not decode")),
                r.warnings().toString());
    }

    /** The same for a data batch, which the broker-fencing figure decodes (SafeRunTest's RaftDamage hit it too). */
    @Test
    void aDataBatchWithAValidCrcThatDoesNotDecodeIsJudgedNotThrown() throws Exception {
        Consumer<SyntheticMetadataLog> log = l -> l.leaderChange(1, 1, 1, 2, 3).batch(1, 3, "a");
        Path damaged = node(1, 1, log);
        undecodable(damaged, 1);
        onlyAnomaly(audit(damaged, node(2, 1, log), node(3, 1, log)), "raft-election-safety");
    }

    /** Flips the last byte of the log's batch number {@code index} and rewrites its CRC: the CRC holds, the records do not decode. */
    private static void undecodable(Path node, int index) throws Exception {
        Path segment = node.resolve(MetadataNode.PARTITION_FOLDER).resolve(String.format("%020d.log", 0));
        byte[] bytes = Files.readAllBytes(segment);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes);
        int start = 0;
        for (int i = 0; i < index; i++) start += 12 + b.getInt(start + 8); // 12 bytes of offset and length, then the length
        int end = start + 12 + b.getInt(start + 8);
        bytes[end - 1] ^= 0x5a;
        b.putInt(start + 17, (int) org.apache.kafka.common.utils.Crc32C.compute(bytes, start + 21, end - start - 21));
        Files.write(segment, bytes);
    }

    @Test
    void aNodeWithoutAMetadataLogIsAWarning() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        CheckResult r = audit(full(1), full(2), empty);
        assertTrue(r.valid(), r.toJson().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("node 3: no __cluster_metadata-0")), r.warnings().toString());
    }

    private static final QuorumObservation HW_11_EPOCH_2 = new QuorumObservation(11, 2, 2, "describeMetadataQuorum sample at 12.3 s");

    private static CheckResult audit(List<QuorumObservation> observed, Path... dirs) {
        List<MetadataNode> nodes = new ArrayList<>();
        for (int i = 0; i < dirs.length; i++) nodes.add(new MetadataNode(i + 1, dirs[i], true));
        return RaftAudit.of(nodes).withObservations(observed).run();
    }

    @Test
    void aSuffixBelowAnAnnouncedHighWatermarkMissingOnAMajorityIsCommittedLost() {
        // the leader of epoch 2 announced high watermark 11; a lying disk then dropped offsets 6-10 on nodes 2 and 3
        Path[] dirs = {full(1), node(2, 2, RaftAuditTest::common), node(3, 2, RaftAuditTest::common)};
        assertTrue(audit(dirs).valid(), "without observations the loss looks like a clean stop's lagging nodes");
        CheckResult r = audit(List.of(HW_11_EPOCH_2), dirs);
        onlyAnomaly(r, Anomalies.RAFT_COMMITTED_LOST.key());
        JsonNode ex = example(r, Anomalies.RAFT_COMMITTED_LOST.key());
        assertEquals(6, ex.path("from-offset").asLong());
        assertEquals(10, ex.path("to-offset").asLong());
        assertEquals(5, ex.path("offsets").asLong());
        assertEquals("[2,3]", ex.path("lacking").toString());
        assertEquals(11, ex.path("committed-by").path("high-watermark").asLong());
        assertEquals("describeMetadataQuorum sample at 12.3 s", ex.path("committed-by").path("source").asText());
        assertEquals("absent", ex.path("found").path("2").asText());
        assertEquals(2, ex.path("found").path("1").path("epoch").asInt());
        assertEquals(11, r.toJson().path("stats").path("raft").path("committed-floor").asLong());
    }

    @Test
    void aLostRangeUnderSeveralSamplesIsOneAnomalyProvedByTheSampleAboveItsEnd() {
        Path[] dirs = {full(1), node(2, 2, RaftAuditTest::common), node(3, 2, RaftAuditTest::common)};
        CheckResult r = audit(List.of(new QuorumObservation(8, 2, 2, "earlier sample"), HW_11_EPOCH_2), dirs);
        onlyAnomaly(r, Anomalies.RAFT_COMMITTED_LOST.key());
        JsonNode ex = example(r, Anomalies.RAFT_COMMITTED_LOST.key());
        assertEquals(6, ex.path("from-offset").asLong());
        assertEquals(10, ex.path("to-offset").asLong());
        assertEquals(11, ex.path("committed-by").path("high-watermark").asLong());
    }

    @Test
    void aCommittedSuffixDroppedOnAMajorityAndRewrittenIsCommittedLostNotAStaleTail() {
        // nodes 2 and 3 lost offsets 6-10 and elected node 2 in epoch 3, which wrote other entries there
        Consumer<SyntheticMetadataLog> rewritten = l -> {
            common(l);
            l.leaderChange(3, 2).batch(3, 4, "c");
        };
        Path[] dirs = {full(1), node(2, 3, rewritten), node(3, 3, rewritten)};
        CheckResult blind = audit(dirs);
        assertTrue(blind.valid() && blind.warnings().stream().allMatch(w -> w.contains("stale uncommitted tail")), blind.toJson().toString());
        CheckResult r = audit(List.of(HW_11_EPOCH_2), dirs);
        onlyAnomaly(r, Anomalies.RAFT_COMMITTED_LOST.key());
        assertTrue(r.warnings().isEmpty(), "the loss is not also called a stale tail: " + r.warnings());
        JsonNode ex = example(r, Anomalies.RAFT_COMMITTED_LOST.key());
        assertEquals(6, ex.path("from-offset").asLong());
        assertEquals("[2,3]", ex.path("lacking").toString());
        assertEquals(3, ex.path("found").path("2").path("epoch").asInt());
    }

    @Test
    void offsetsBelowTheFloorThatNoVoterCoversAnyMoreAreCommittedLost() {
        CheckResult r = audit(List.of(QuorumObservation.fromOperator(20)), full(1), full(2), full(3));
        onlyAnomaly(r, Anomalies.RAFT_COMMITTED_LOST.key());
        JsonNode ex = example(r, Anomalies.RAFT_COMMITTED_LOST.key());
        assertEquals(11, ex.path("from-offset").asLong());
        assertEquals(19, ex.path("to-offset").asLong());
        assertEquals("[1,2,3]", ex.path("lacking").toString());
        assertTrue(ex.path("committed-by").path("epoch").isNull());
    }

    @Test
    void committedOffsetsKeptByAMajorityInLogsOrSnapshotsAreValid() {
        assertTrue(audit(List.of(HW_11_EPOCH_2), full(1), full(2), full(3)).valid());
        CheckResult lagging = audit(List.of(HW_11_EPOCH_2), full(1), full(2), node(3, 1, RaftAuditTest::common));
        assertTrue(lagging.valid() && lagging.warnings().isEmpty(), lagging.toJson().toString());
        // nodes 2 and 3 summarise offsets 0-10 in a snapshot and deleted that prefix of their logs
        Path two = node(2, 2, l -> { });
        Path three = node(3, 2, l -> { });
        writeSnapshots(two, new long[] {11}, new int[] {2});
        writeSnapshots(three, new long[] {11}, new int[] {2});
        CheckResult snapshotted = audit(List.of(HW_11_EPOCH_2), full(1), two, three);
        assertTrue(snapshotted.valid(), snapshotted.toJson().toString());
    }

    @Test
    void aStaleTailBelowAHighWatermarkOfALaterEpochIsStillAWarningOnly() {
        Path stale = node(1, 3, l -> {
            common(l);
            l.leaderChange(2, 1).batch(2, 2, "never-committed");
        });
        Consumer<SyntheticMetadataLog> newLeader = l -> {
            common(l);
            l.leaderChange(3, 2).batch(3, 4, "c");
        };
        CheckResult r = audit(List.of(new QuorumObservation(11, 2, 3, "sample")), stale, node(2, 3, newLeader), node(3, 3, newLeader));
        assertTrue(r.valid(), r.toJson().toString());
        assertEquals(2, r.warnings().size(), r.warnings().toString());
    }

    /** Nodes 2 and 3 hold epoch 2 at offsets 6-10; node 1 holds epoch 3 there; all agree on offsets 11-13. */
    private Path[] replacedThenAgreeing(int agreeingEpoch) {
        Consumer<SyntheticMetadataLog> after = l -> {
            if (agreeingEpoch > 3) l.leaderChange(agreeingEpoch, 2);
            else l.batch(3, 1, "e");
            l.batch(agreeingEpoch, 2, "d");
        };
        Path one = node(1, agreeingEpoch, l -> {
            common(l);
            l.leaderChange(3, 1).batch(3, 4, "rewritten");
            after.accept(l);
        });
        Consumer<SyntheticMetadataLog> kept = l -> {
            common(l);
            epochTwo(l);
            after.accept(l);
        };
        return new Path[] {one, node(2, agreeingEpoch, kept), node(3, agreeingEpoch, kept)};
    }

    @Test
    void aCommittedBatchReplacedByTheEpochOfLaterAgreeingBatchesIsCommittedReplaced() {
        CheckResult r = audit(replacedThenAgreeing(3));
        onlyAnomaly(r, Anomalies.RAFT_COMMITTED_REPLACED.key());
        assertEquals(6, example(r, Anomalies.RAFT_COMMITTED_REPLACED.key()).path("offset").asLong());
    }

    @Test
    void aReplacementBelowTheEpochOfLaterAgreementIsCommittedReplacedOnceAnObservationProvesTheCommit() {
        Path[] dirs = replacedThenAgreeing(4);
        CheckResult blind = audit(dirs); // the epoch-2 batch may have been committed only in epoch 4: node 1 then broke log matching
        assertEquals(List.of(Anomalies.RAFT_LOG_MISMATCH.key()), blind.anomalyTypes(), blind.toJson().toString());
        CheckResult r = audit(List.of(HW_11_EPOCH_2), dirs);
        onlyAnomaly(r, Anomalies.RAFT_COMMITTED_REPLACED.key());
        JsonNode ex = example(r, Anomalies.RAFT_COMMITTED_REPLACED.key());
        assertEquals(1, ex.path("replaced-by").path("node").asInt());
        assertEquals(3, ex.path("replaced-by").path("epoch").asInt());
    }

    @Test
    void twoObservedLeadersOfOneEpochBreakElectionSafety() {
        QuorumObservation first = new QuorumObservation(5, 1, 2, "sample at 1.0 s");
        QuorumObservation second = new QuorumObservation(7, 3, 2, "sample at 2.0 s");
        CheckResult r = audit(List.of(first, second), full(1), full(2), full(3));
        onlyAnomaly(r, Anomalies.RAFT_ELECTION_SAFETY.key());
        JsonNode ex = example(r, Anomalies.RAFT_ELECTION_SAFETY.key());
        assertEquals(2, ex.path("epoch").asInt());
        assertEquals(1, ex.path("observations").get(0).path("leader").asInt());
        assertEquals("sample at 2.0 s", ex.path("observations").get(1).path("source").asText());
    }

    @Test
    void oneObservedLeaderPerEpochIsValid() {
        List<QuorumObservation> observed = List.of(new QuorumObservation(5, 1, 1, "a"), new QuorumObservation(6, 1, 1, "b"),
                new QuorumObservation(9, 2, 2, "c"), QuorumObservation.fromOperator(11));
        CheckResult r = audit(observed, full(1), full(2), full(3));
        assertTrue(r.valid() && r.warnings().isEmpty(), r.toJson().toString());
        assertEquals(4, r.toJson().path("stats").path("raft").path("observations").asInt());
    }

    // the voter set over time (KIP-853): offsets 0 (LeaderChange, epoch 1), 1-3 (epoch 1), 4 (VotersRecord, epoch 1)

    private static Consumer<SyntheticMetadataLog> votersAt4(Integer... voters) {
        return l -> l.leaderChange(1, 1).batch(1, 3, "a").voters(1, voters);
    }

    /** Offsets 5-6 (epoch 1) after the prefix. */
    private static Consumer<SyntheticMetadataLog> thenB(Consumer<SyntheticMetadataLog> prefix) {
        return prefix.andThen(l -> l.batch(1, 2, "b"));
    }

    /** A new leader, node 3, in epoch 2 without offsets 5-6: offsets 5 (LeaderChange) and 6-7 (epoch 2). */
    private static Consumer<SyntheticMetadataLog> thenEpochTwoOnThree(Consumer<SyntheticMetadataLog> prefix) {
        return prefix.andThen(l -> l.leaderChange(2, 3).batch(2, 2, "c"));
    }

    private static CheckResult auditVoters(int givenVoters, Path... dirs) {
        List<MetadataNode> nodes = new ArrayList<>();
        for (int i = 0; i < dirs.length; i++) nodes.add(new MetadataNode(i + 1, dirs[i], i < givenVoters));
        return RaftAudit.of(nodes).run();
    }

    @Test
    void aBatchHeldByTwoOfFiveVotersAfterAVotersRecordAddsTwoIsNotCommitted() {
        // voters {1,2,3}, then a VotersRecord at offset 4 adds 4 and 5 (who have no log yet): 2 of 5 is no majority
        Consumer<SyntheticMetadataLog> prefix = votersAt4(1, 2, 3, 4, 5);
        CheckResult r = audit(node(1, 2, thenB(prefix)), node(2, 2, thenB(prefix)), node(3, 2, thenEpochTwoOnThree(prefix)));
        assertTrue(r.valid(), r.toJson().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("diverge at offset 5")), r.warnings().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("voters [4, 5] of the VotersRecord at offset 4 are not among the nodes audited")),
                r.warnings().toString());
        JsonNode s = r.toJson().path("stats").path("raft");
        assertEquals("[{\"offset\":0,\"voters\":[1,2,3],\"record\":\"given\"},{\"offset\":4,\"voters\":[1,2,3,4,5],\"record\":\"VotersRecord\"}]",
                s.path("voter-sets").toString());
        assertEquals(5, s.path("voters").asInt());
        assertEquals(3, s.path("committed-batches").asLong(), "offsets 0, 1-3 and the VotersRecord (3 of 5)");

        // the control: the same logs with a data batch at offset 4 instead, so {1,2,3} all along: 2 of 3 committed offsets 5-6
        Consumer<SyntheticMetadataLog> fixed = l -> l.leaderChange(1, 1).batch(1, 3, "a").batch(1, 1, "x");
        CheckResult control = audit(node(1, 2, thenB(fixed)), node(2, 2, thenB(fixed)), node(3, 2, thenEpochTwoOnThree(fixed)));
        onlyAnomaly(control, Anomalies.RAFT_COMMITTED_REPLACED.key());
    }

    @Test
    void aBatchHeldByTwoOfThreeVotersAfterAVotersRecordRemovesTwoIsCommittedAndItsReplacementReported() {
        // voters {1..5}, then a VotersRecord at offset 4 removes 4 and 5 (whose logs end there): 2 of 3 is a majority; a
        // fixed voter set {1..5} would count 2 of 5 and call node 3's epoch 2 a stale tail
        Consumer<SyntheticMetadataLog> prefix = votersAt4(1, 2, 3);
        CheckResult r = auditVoters(5, node(1, 2, thenB(prefix)), node(2, 2, thenB(prefix)), node(3, 2, thenEpochTwoOnThree(prefix)),
                node(4, 1, prefix), node(5, 1, prefix));
        onlyAnomaly(r, Anomalies.RAFT_COMMITTED_REPLACED.key());
        JsonNode ex = example(r, Anomalies.RAFT_COMMITTED_REPLACED.key());
        assertEquals(5, ex.path("offset").asLong());
        assertEquals("[1,2]", ex.path("committed").path("held-by").toString());
        assertEquals(3, ex.path("replaced-by").path("node").asInt());
        assertTrue(ex.path("replaced-by").path("voter").asBoolean());
        JsonNode s = r.toJson().path("stats").path("raft");
        assertEquals(3, s.path("voters").asInt());
        assertEquals(0, s.path("observers").asInt(), "nodes 4 and 5 were voters until offset 4");
        assertEquals("{\"offset\":4,\"voters\":[1,2,3],\"record\":\"VotersRecord\"}", s.path("voter-sets").get(1).toString());
    }

    @Test
    void offsetsBelowTheFloorHeldByTwoOfFiveVotersAreCommittedLost() {
        // voters {1,2,3}, then {1..5} from offset 4; the epoch-1 leader announced high watermark 7, and only 1 and 2 keep 5-6
        Consumer<SyntheticMetadataLog> prefix = votersAt4(1, 2, 3, 4, 5);
        Path[] dirs = {node(1, 1, thenB(prefix)), node(2, 1, thenB(prefix)), node(3, 1, prefix)};
        CheckResult r = audit(List.of(new QuorumObservation(7, 1, 1, "sample")), dirs);
        onlyAnomaly(r, Anomalies.RAFT_COMMITTED_LOST.key());
        JsonNode ex = example(r, Anomalies.RAFT_COMMITTED_LOST.key());
        assertEquals(5, ex.path("from-offset").asLong());
        assertEquals(6, ex.path("to-offset").asLong());
        assertEquals("[3,4,5]", ex.path("lacking").toString());
    }

    @Test
    void withNoVoterSetGivenTheFirstLoggedOneCountsFromTheStart() {
        Consumer<SyntheticMetadataLog> log = votersAt4(1, 2, 3).andThen(l -> l.batch(1, 2, "b"));
        CheckResult r = auditVoters(0, node(1, 1, log), node(2, 1, log), node(3, 1, log));
        assertTrue(r.valid() && r.warnings().isEmpty(), r.toJson().toString());
        JsonNode s = r.toJson().path("stats").path("raft");
        assertEquals("[{\"offset\":4,\"voters\":[1,2,3],\"record\":\"VotersRecord\"}]", s.path("voter-sets").toString());
        assertEquals(4, s.path("committed-batches").asLong(), "offsets 0 and 1-3 too, before the VotersRecord");
    }

    @Test
    void aSnapshotsVoterSetCountsFromItsEndOffset() {
        Path[] dirs = {full(1), full(2), full(3)};
        for (Path d : dirs) SyntheticMetadataLog.writeSnapshot(d.resolve(MetadataNode.PARTITION_FOLDER), 0, 0, 1, 2, 3);
        CheckResult r = auditVoters(0, dirs);
        assertTrue(r.valid() && r.warnings().isEmpty(), r.toJson().toString());
        JsonNode s = r.toJson().path("stats").path("raft");
        assertEquals("[{\"offset\":0,\"voters\":[1,2,3],\"record\":\"VotersRecord (snapshot 00000000000000000000-0000000000.checkpoint)\"}]",
                s.path("voter-sets").toString());
        assertEquals(5, s.path("committed-batches").asLong());
    }

    @Test
    void aVotersRecordInAStaleTailThatALaterLeaderReplacedDoesNotCount() {
        // node 1 led epoch 2 alone and wrote a VotersRecord {1} at offset 7; the epoch-3 leader replaced it: were it to
        // count, node 1 would be a majority of itself and epoch 3 would replace its committed batches
        Path stale = node(1, 3, l -> {
            common(l);
            l.leaderChange(2, 1).voters(2, 1).batch(2, 2, "alone");
        });
        Consumer<SyntheticMetadataLog> newLeader = l -> {
            common(l);
            l.leaderChange(3, 2).batch(3, 4, "c");
        };
        CheckResult r = audit(stale, node(2, 3, newLeader), node(3, 3, newLeader));
        assertTrue(r.valid(), r.toJson().toString());
        assertEquals("[{\"offset\":0,\"voters\":[1,2,3],\"record\":\"given\"}]", r.toJson().path("stats").path("raft").path("voter-sets").toString());
    }

    private static JsonNode example(CheckResult r, String key) {
        return r.anomalies().get(key).examples().get(0);
    }

    private static void writeSnapshots(Path metadataDir, long[] ends, int[] epochs) {
        Path folder = metadataDir.resolve(MetadataNode.PARTITION_FOLDER);
        for (int i = 0; i < ends.length; i++) SyntheticMetadataLog.writeSnapshot(folder, ends[i], epochs[i]);
    }
}
