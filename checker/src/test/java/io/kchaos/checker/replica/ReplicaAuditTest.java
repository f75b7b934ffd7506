package io.kchaos.checker.replica;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.History;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.kchaos.checker.replica.ReplicaFixture.END;
import static io.kchaos.checker.replica.ReplicaFixture.PARTITION;
import static io.kchaos.checker.replica.ReplicaFixture.SECOND_SEGMENT;
import static io.kchaos.checker.replica.ReplicaFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each damage to three synthetic replicas is reported as exactly its own anomaly; legitimate Kafka states stay valid. */
class ReplicaAuditTest {
    @TempDir
    Path tmp;

    private static final Map<Integer, List<Integer>> ALL_IN_ISR = Map.of(PARTITION, List.of(1, 2, 3));

    private static CheckResult audit(List<Path> dirs, Map<Integer, List<Integer>> isr, History history) {
        ReplicaAudit.Builder b = ReplicaAudit.builder().logDirs(dirs);
        if (isr != null) b.finalIsr(TOPIC, isr);
        if (history != null) b.ackedWrites(history, TOPIC);
        return b.build().run();
    }

    private static void assertOnly(CheckResult r, String type) {
        assertEquals(List.of(type), r.anomalyTypes(), () -> r.toJson().toPrettyString());
    }

    private static void assertValid(CheckResult r) {
        assertTrue(r.valid(), () -> r.toJson().toPrettyString());
    }

    private static ObjectNode example(CheckResult r, String type) {
        return r.anomalies().get(type).examples().get(0);
    }

    private static JsonNode partitionStats(CheckResult r) {
        return r.stats().get("replicas").get(TOPIC + "-" + PARTITION);
    }

    // ---- valid replicas ----

    @Test
    void identicalReplicasAreValidAndStatsDescribeThem() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        CheckResult r = audit(f.write(), ALL_IN_ISR, f.history());
        assertValid(r);
        assertEquals(List.of(), r.warnings());
        JsonNode s = partitionStats(r);
        assertEquals(END, s.get("high-watermark").asLong());
        assertEquals(9, s.get("batches-compared").asLong());
        assertEquals("[[0,0],[1,30],[2,60]]", s.get("epochs").toString());
        assertEquals("[[0,0],[1,30],[2,60]]", s.get("epochs-by-node").get("3").toString(), "each node's own lineage");
        assertEquals("{\"1\":90,\"2\":90,\"3\":90}", s.get("log-end-offsets").toString());
        assertEquals(END, s.get("acked-writes").get("2").get("checked").asLong());
        JsonNode totals = r.stats().get("replicas");
        assertEquals(27, totals.get("batches").asLong());
        assertTrue(totals.get("bytes-read").asLong() > 3 * 9 * 100);
        assertTrue(totals.has("mb-per-second"));
        assertEquals(1, totals.get("partitions-audited").asInt(), "internal topics are skipped");
    }

    // ---- one damage each, reported as exactly its own anomaly ----

    @Test
    void shiftedEpochStartInOneCheckpointIsEpochLineageMismatch() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        ReplicaFixture.replaceLine(f.partitionFolder(2).resolve(LeaderEpochCheckpoint.FILE_NAME), 5, "2 65");
        CheckResult r = audit(dirs, ALL_IN_ISR, f.history());
        assertOnly(r, Anomalies.EPOCH_LINEAGE_MISMATCH.key());
        ObjectNode ex = example(r, Anomalies.EPOCH_LINEAGE_MISMATCH.key());
        // the across-replicas case comes first (partition-level), then node 2's own
        List<ObjectNode> all = r.anomalies().get(Anomalies.EPOCH_LINEAGE_MISMATCH.key()).examples();
        assertEquals(2, all.size(), () -> all.toString());
        ObjectNode within = all.stream().filter(e -> e.get("kind").asText().equals("checkpoint-vs-batches")).findFirst().orElseThrow();
        assertEquals(2, within.get("node").asInt());
        assertEquals(2, within.get("epoch").asInt());
        assertEquals(65, within.get("checkpoint-start-offset").asLong());
        assertEquals(60, within.get("first-offset-in-epoch").asLong());
        assertEquals(1, within.get("example-batch").get("checkpoint-epoch-at-offset").asInt());
        assertTrue(within.get("checkpoint").asText().endsWith("node-2/kchaos-test-0/leader-epoch-checkpoint"));
        ObjectNode across = all.stream().filter(e -> e.get("kind").asText().equals("across-replicas")).findFirst().orElseThrow();
        assertEquals("{\"1\":60,\"2\":65,\"3\":60}", across.get("start-offsets").toString());
        assertTrue(ex.has("epoch"));
    }

    @Test
    void flippedByteInsideARecordIsCorruptBatch() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        long batchAt = f.position(3, 20);
        ReplicaFixture.flipByte(f.segment(3, 0), batchAt + 61 + 5); // 61-byte v2 header, then the first record
        CheckResult r = audit(dirs, ALL_IN_ISR, f.history());
        assertEquals(List.of(Anomalies.COMMITTED_DATA_MISSING.key(), Anomalies.CORRUPT_BATCH.key()), r.anomalyTypes());
        assertEquals(1, r.count(Anomalies.CORRUPT_BATCH.key()));
        assertMissing(r, 3, 20, 29, 10, "corrupt");
        ObjectNode ex = example(r, Anomalies.CORRUPT_BATCH.key());
        assertEquals(3, ex.get("node").asInt());
        assertEquals(PARTITION, ex.get("partition").asInt());
        assertEquals(20, ex.get("offset").asLong());
        assertEquals(29, ex.get("last-offset").asLong());
        assertEquals(0, ex.get("epoch").asInt());
        assertEquals(batchAt, ex.get("position").asLong());
        assertEquals(f.segment(3, 0).toString(), ex.get("path").asText());
        assertTrue(ex.get("reason").asText().contains("CRC"));
        assertEquals(3 * END - 10, checkedAcks(r), "the corrupt batch's 10 acks are unverifiable, not missing");
    }

    /**
     * A segment cut inside a batch below the recovery point: the torn bytes are flushed data that no longer parse, so
     * this is corrupt-batch, naming the offsets lost with them; on a final-ISR replica below the high watermark it is
     * also committed-data-missing with the exact range. The offsets it lost are not reported again as missing
     * acknowledged writes (they are unverifiable).
     */
    @Test
    void segmentTruncatedInsideABatchBelowTheRecoveryPointIsCorruptBatchAndCommittedDataMissing() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        ReplicaFixture.truncate(f.segment(2, 0), f.position(2, 30) + 40);
        CheckResult r = audit(dirs, ALL_IN_ISR, f.history());
        assertEquals(List.of(Anomalies.COMMITTED_DATA_MISSING.key(), Anomalies.CORRUPT_BATCH.key()), r.anomalyTypes());
        assertMissing(r, 2, 30, 49, 20, "corrupt");
        ObjectNode ex = example(r, Anomalies.CORRUPT_BATCH.key());
        assertEquals(2, ex.get("node").asInt());
        assertEquals(30, ex.get("offset").asLong());
        assertEquals("[30,49]", ex.get("lost-offsets").toString(), "up to the next segment's base offset");
        assertEquals(f.position(2, 30), ex.get("position").asLong());
        assertEquals(END, ex.get("recovery-point").asLong());
    }

    /** The case: the last segment cut mid-batch loses an open-ended range; the missing committed part is exact. */
    @Test
    void lastSegmentTruncatedInsideABatchIsCorruptBatchAndCommittedDataMissingUpToTheHighWatermark() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        ReplicaFixture.truncate(f.segment(1, SECOND_SEGMENT), f.position(1, 70) + 20);
        CheckResult r = audit(dirs, ALL_IN_ISR, f.history());
        assertEquals(List.of(Anomalies.COMMITTED_DATA_MISSING.key(), Anomalies.CORRUPT_BATCH.key()), r.anomalyTypes());
        assertEquals("[70,null]", example(r, Anomalies.CORRUPT_BATCH.key()).get("lost-offsets").toString());
        assertMissing(r, 1, 70, 89, 20, "corrupt");
        assertEquals(1, r.count(Anomalies.COMMITTED_DATA_MISSING.key()));
    }

    /** Damage on a replica outside the final ISR is corrupt-batch only: it holds nothing the cluster counts on. */
    @Test
    void truncationOnAReplicaOutsideTheFinalIsrIsOnlyCorruptBatch() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        ReplicaFixture.truncate(f.segment(1, SECOND_SEGMENT), f.position(1, 70) + 20);
        CheckResult r = audit(dirs, Map.of(PARTITION, List.of(2, 3)), null);
        assertOnly(r, Anomalies.CORRUPT_BATCH.key());
    }

    /** Every replica lost the same tail: no replica holds it, so the count of records is unknown, the range exact. */
    @Test
    void damageNoReplicaCanFillIsStillCommittedDataMissing() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        for (int n = 1; n <= 3; n++) ReplicaFixture.truncate(f.segment(n, SECOND_SEGMENT), f.position(n, 70) + 20);
        CheckResult r = audit(dirs, ALL_IN_ISR, null);
        assertEquals(3, r.count(Anomalies.COMMITTED_DATA_MISSING.key()));
        ObjectNode ex = example(r, Anomalies.COMMITTED_DATA_MISSING.key());
        assertEquals(70, ex.get("from-offset").asLong());
        assertEquals(89, ex.get("to-offset").asLong());
        assertEquals(20, ex.get("offsets").asLong());
        assertTrue(ex.get("records").isNull());
    }

    /** A power-lost replica: a batch failing its CRC above the recovery point is a torn write, a note, not corruption. */
    @Test
    void batchFailingItsCrcAboveTheRecoveryPointIsATornTail() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).uncleanShutdown().recoveryPoint(80).highWatermark(80);
        List<Path> dirs = f.write();
        ReplicaFixture.flipByte(f.segment(2, SECOND_SEGMENT), f.position(2, 80) + 61 + 5);
        CheckResult r = audit(dirs, Map.of(PARTITION, List.of(1, 3)), null);
        assertValid(r);
        assertEquals(1, partitionStats(r).get("torn-tails").asInt());
    }

    /** Cut exactly between batches nothing fails to parse: the final-ISR replica just lacks committed offsets. */
    @Test
    void segmentTruncatedBetweenBatchesIsCommittedDataMissing() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        ReplicaFixture.truncate(f.segment(1, SECOND_SEGMENT), f.position(1, 80));
        CheckResult r = audit(dirs, ALL_IN_ISR, null);
        assertOnly(r, Anomalies.COMMITTED_DATA_MISSING.key());
        ObjectNode ex = example(r, Anomalies.COMMITTED_DATA_MISSING.key());
        assertMissing(r, 1, 80, 89, 10, "absent");
        assertEquals(END, ex.get("high-watermark").asLong());
    }

    @Test
    void garbageLineInAnOffsetCheckpointIsCheckpointUnreadable() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        Path hw = f.logDir(1).resolve(BrokerLogDir.HIGH_WATERMARKS);
        ReplicaFixture.replaceLine(hw, 3, "kchaos-test zero 90");
        CheckResult r = audit(dirs, ALL_IN_ISR, f.history());
        assertOnly(r, Anomalies.CHECKPOINT_UNREADABLE.key());
        ObjectNode ex = example(r, Anomalies.CHECKPOINT_UNREADABLE.key());
        assertEquals(1, ex.get("node").asInt());
        assertEquals(hw.toString(), ex.get("path").asText());
        assertEquals(3, ex.get("line").asInt());
        assertEquals("kchaos-test zero 90", ex.get("text").asText());
    }

    @Test
    void garbageLineInALeaderEpochCheckpointIsCheckpointUnreadable() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        Path epochs = f.partitionFolder(3).resolve(LeaderEpochCheckpoint.FILE_NAME);
        ReplicaFixture.replaceLine(epochs, 4, "1 3O"); // letter O, not zero
        CheckResult r = audit(dirs, ALL_IN_ISR, null);
        assertOnly(r, Anomalies.CHECKPOINT_UNREADABLE.key());
        assertEquals(4, example(r, Anomalies.CHECKPOINT_UNREADABLE.key()).get("line").asInt());
    }

    @Test
    void rewrittenBatchInOneReplicaIsReplicaDivergence() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).rewriteBatch(40); // same offsets and values, another timestamp: another CRC
        CheckResult r = audit(f.write(), ALL_IN_ISR, f.history());
        assertOnly(r, Anomalies.REPLICA_DIVERGENCE.key());
        assertEquals(1, r.count(Anomalies.REPLICA_DIVERGENCE.key()));
        ObjectNode ex = example(r, Anomalies.REPLICA_DIVERGENCE.key());
        assertEquals(40, ex.get("offset").asLong());
        assertEquals(END, ex.get("high-watermark").asLong());
        JsonNode batches = ex.get("batches");
        assertEquals(Set.of("1", "2", "3"), Set.copyOf(iterableNames(batches)));
        assertEquals(batches.get("1").get("crc"), batches.get("2").get("crc"));
        assertFalse(batches.get("1").get("crc").equals(batches.get("3").get("crc")));
        assertEquals(f.segment(3, 0).toString(), batches.get("3").get("path").asText());
        assertEquals(1, batches.get("3").get("epoch").asInt());
    }

    @Test
    void divergenceAboveTheHighWatermarkIsNotReported() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).rewriteBatch(80);
        for (int n = 1; n <= 3; n++) f.node(n).highWatermark(80);
        assertValid(audit(f.write(), ALL_IN_ISR, null));
    }

    @Test
    void acknowledgedWriteBeyondEveryLogIsMissingOnEachFinalIsrReplica() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        CheckResult r = audit(dirs, ALL_IN_ISR, f.history(List.of(new long[] {END, 77_777})));
        assertOnly(r, Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key());
        assertEquals(3, r.count(Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key()));
        ObjectNode ex = example(r, Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key());
        assertEquals(END, ex.get("offset").asLong());
        assertEquals(77_777, ex.get("value").asLong());
        assertEquals("absent", ex.get("found").asText());
        assertEquals(2 * END, ex.get("index").asLong() - 1, "the ok line of the extra send");
    }

    @Test
    void acknowledgedWriteWithAnotherValueOnDiskIsMissing() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        CheckResult r = audit(dirs, Map.of(PARTITION, List.of(2)), f.history(List.of(new long[] {12, 12})));
        assertOnly(r, Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key());
        assertEquals(1, r.count(Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key()), "only node 2 is in the final ISR");
        ObjectNode ex = example(r, Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key());
        assertEquals(2, ex.get("node").asInt());
        assertEquals(12, ex.get("offset").asLong());
        assertEquals("5012", ex.get("found-value").asText());
    }

    @Test
    void paddedValuesOnDiskCarryTheAcknowledgedValues() {
        ReplicaFixture f = new ReplicaFixture(tmp).padded(4096);
        List<Path> dirs = f.write();

        CheckResult r = audit(dirs, ALL_IN_ISR, f.history(List.of(new long[] {12, 12})));

        assertOnly(r, Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key());
        assertEquals(3, r.count(Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key()), "only the extra acknowledgement of 12 at offset 12");
        assertEquals(END, partitionStats(r).get("acked-writes").get("2").get("checked").asLong() - 1);
    }

    // ---- near misses: legitimate Kafka states ----

    @Test
    void laggingReplicaOutsideTheFinalIsrIsValid() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).batches(6).highWatermark(60);
        CheckResult r = audit(f.write(), Map.of(PARTITION, List.of(1, 2)), f.history());
        assertValid(r);
        assertEquals("{\"1\":90,\"2\":90,\"3\":60}", partitionStats(r).get("log-end-offsets").toString());
    }

    @Test
    void laggingReplicaWithoutAGivenIsrIsPresumedOutsideIt() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).batches(6).highWatermark(60);
        CheckResult r = audit(f.write(), null, f.history());
        assertValid(r);
        assertEquals("[1,2]", partitionStats(r).get("final-isr").toString());
        assertEquals("inferred", partitionStats(r).get("final-isr-source").asText());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("presumed [1, 2]")), () -> r.warnings().toString());
    }

    @Test
    void laggingReplicaInsideTheFinalIsrMissesCommittedData() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).batches(6).highWatermark(60);
        CheckResult r = audit(f.write(), ALL_IN_ISR, null);
        assertOnly(r, Anomalies.COMMITTED_DATA_MISSING.key());
        ObjectNode ex = example(r, Anomalies.COMMITTED_DATA_MISSING.key());
        assertEquals(3, ex.get("node").asInt());
        assertEquals(60, ex.get("from-offset").asLong());
        assertEquals(89, ex.get("to-offset").asLong());
    }

    @Test
    void newLeaderEpochEntriesWithoutDataAreValid() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(1).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30), new EpochEntry(2, 60), new EpochEntry(3, 90), new EpochEntry(4, 90));
        assertValid(audit(f.write(), ALL_IN_ISR, null));
    }

    @Test
    void epochEntryInsideDataOfAnotherEpochIsAMismatch() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(1).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30), new EpochEntry(2, 60), new EpochEntry(3, 80));
        CheckResult r = audit(f.write(), ALL_IN_ISR, null);
        assertOnly(r, Anomalies.EPOCH_LINEAGE_MISMATCH.key());
        ObjectNode ex = example(r, Anomalies.EPOCH_LINEAGE_MISMATCH.key());
        assertEquals(1, ex.get("node").asInt());
        assertEquals(3, ex.get("epoch").asInt());
        assertEquals(80, ex.get("example-batch").get("offset").asLong());
        assertEquals(2, ex.get("example-batch").get("epoch").asInt());
    }

    @Test
    void batchWithAnEpochMissingFromTheCheckpointIsAMismatch() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).batchEpoch(80, 3); // node 2 alone: epoch 3 is in no checkpoint
        CheckResult r = audit(f.write(), ALL_IN_ISR, null);
        assertOnly(r, Anomalies.EPOCH_LINEAGE_MISMATCH.key());
        assertEquals(3, example(r, Anomalies.EPOCH_LINEAGE_MISMATCH.key()).get("epoch").asInt());
    }

    @Test
    void epochCheckpointGoingBackwardsIsAMismatch() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).epochs(new EpochEntry(0, 0), new EpochEntry(2, 60), new EpochEntry(1, 30));
        CheckResult r = audit(f.write(), ALL_IN_ISR, null);
        assertOnly(r, Anomalies.EPOCH_LINEAGE_MISMATCH.key());
        assertEquals("checkpoint-order", example(r, Anomalies.EPOCH_LINEAGE_MISMATCH.key()).get("kind").asText());
    }

    @Test
    void tornTailAboveTheRecoveryPointIsANoteNotAnAnomaly() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).uncleanShutdown().recoveryPoint(80);
        List<Path> dirs = f.write();
        appendHalfABatch(f.segment(2, SECOND_SEGMENT));
        CheckResult r = audit(dirs, ALL_IN_ISR, f.history());
        assertValid(r);
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("torn tail") && w.contains("node 2")), () -> r.warnings().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains(BrokerLogDir.CLEAN_SHUTDOWN) && w.contains("may lag")));
        assertEquals(1, partitionStats(r).get("torn-tails").asInt());
    }

    @Test
    void tornTailBelowTheRecoveryPointIsCorrupt() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).uncleanShutdown().recoveryPoint(100).highWatermark(END);
        List<Path> dirs = f.write();
        appendHalfABatch(f.segment(2, SECOND_SEGMENT));
        CheckResult r = audit(dirs, ALL_IN_ISR, null);
        assertOnly(r, Anomalies.CORRUPT_BATCH.key());
        assertEquals(END, example(r, Anomalies.CORRUPT_BATCH.key()).get("offset").asLong());
    }

    @Test
    void staleSuffixOfAReplicaOutsideTheFinalIsrIsNotDivergence() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        // node 3 led epoch 1 and wrote 60..69 that never committed; nodes 1 and 2 moved on in epoch 2 from 60
        f.node(3).batches(7).batchEpoch(60, 1).rewriteBatch(60).highWatermark(60).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30));
        CheckResult r = audit(f.write(), Map.of(PARTITION, List.of(1, 2)), null);
        assertValid(r);
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("uncommitted")), () -> r.warnings().toString());
    }

    @Test
    void sameSuffixOnAFinalIsrReplicaIsDivergence() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).batches(7).batchEpoch(60, 1).rewriteBatch(60).highWatermark(60).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30));
        CheckResult r = audit(f.write(), ALL_IN_ISR, null);
        assertTrue(r.anomalyTypes().contains(Anomalies.REPLICA_DIVERGENCE.key()), () -> r.toJson().toPrettyString());
        assertEquals(60, example(r, Anomalies.REPLICA_DIVERGENCE.key()).get("offset").asLong());
    }

    // ---- bad input ----

    @Test
    void aDirectoryThatIsNotALogDirIsRejectedWithOneLine() throws Exception {
        Path notALogDir = Files.createDirectories(tmp.resolve("empty"));
        InvalidLogDirException e = assertThrows(InvalidLogDirException.class,
                () -> ReplicaAudit.builder().logDir(notALogDir).build().run());
        assertTrue(e.getMessage().contains("meta.properties") && e.getMessage().contains(notALogDir.toString()));
        assertFalse(e.getMessage().contains("\n"));
        assertThrows(InvalidLogDirException.class, () -> ReplicaAudit.builder().logDir(tmp.resolve("absent")).build().run());
    }

    private static void assertMissing(CheckResult r, int node, long from, long to, long records, String cause) {
        ObjectNode ex = r.anomalies().get(Anomalies.COMMITTED_DATA_MISSING.key()).examples().stream()
                .filter(e -> e.get("node").asInt() == node).findFirst().orElseThrow(() -> new AssertionError(r.toJson().toPrettyString()));
        assertEquals(from, ex.get("from-offset").asLong(), ex::toString);
        assertEquals(to, ex.get("to-offset").asLong(), ex::toString);
        assertEquals(to - from + 1, ex.get("offsets").asLong(), ex::toString);
        assertEquals(records, ex.get("records").asLong(), ex::toString);
        assertEquals(cause, ex.get("cause").asText(), ex::toString);
    }

    private static void appendHalfABatch(Path segment) {
        ByteBuffer next = ReplicaFixture.batch(END, 2, 1_700_000_000_000L);
        next.limit(next.limit() / 2);
        ReplicaFixture.appendBytes(segment, next);
    }

    private static long checkedAcks(CheckResult r) {
        long sum = 0;
        for (JsonNode n : partitionStats(r).get("acked-writes")) sum += n.get("checked").asLong();
        return sum;
    }

    private static List<String> iterableNames(JsonNode o) {
        List<String> names = new java.util.ArrayList<>();
        o.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
