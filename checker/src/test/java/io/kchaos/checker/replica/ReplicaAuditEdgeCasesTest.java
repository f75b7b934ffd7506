package io.kchaos.checker.replica;

import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.kchaos.checker.replica.ReplicaFixture.PARTITION;
import static io.kchaos.checker.replica.ReplicaFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Log dir layouts and broker states beyond the single damages of {@link ReplicaAuditTest}. */
class ReplicaAuditEdgeCasesTest {
    @TempDir
    Path tmp;

    private static final Map<Integer, List<Integer>> ALL_IN_ISR = Map.of(PARTITION, List.of(1, 2, 3));

    private static CheckResult audit(List<Path> dirs) {
        return ReplicaAudit.builder().logDirs(dirs).finalIsr(TOPIC, ALL_IN_ISR).build().run();
    }

    /** After a crash Kafka rebuilds the epoch file from the log above the recovery point: a lagging file is a note. */
    @Test
    void epochCheckpointLaggingAboveTheRecoveryPointAfterACrashIsANote() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).uncleanShutdown().recoveryPoint(60).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30));
        CheckResult r = audit(f.write());
        assertTrue(r.valid(), () -> r.toJson().toPrettyString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("3 batches above the recovery point")), () -> r.warnings().toString());
    }

    @Test
    void theSameLaggingEpochCheckpointAfterACleanShutdownIsAMismatch() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).recoveryPoint(60).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30));
        CheckResult r = audit(f.write());
        assertEquals(List.of(Anomalies.EPOCH_LINEAGE_MISMATCH.key()), r.anomalyTypes());
        assertEquals(2, r.anomalies().get(Anomalies.EPOCH_LINEAGE_MISMATCH.key()).examples().get(0).get("epoch").asInt());
        assertEquals(3, r.anomalies().get(Anomalies.EPOCH_LINEAGE_MISMATCH.key()).examples().get(0).get("mismatched-batches").asInt());
    }

    /** KAFKA-16541: the power loss cut the checkpoint; the restarted broker wrote only the epochs it appended after. */
    @Test
    void aCheckpointThatLostEntriesForBatchesStillInTheLogIsReported() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).epochs(new EpochEntry(2, 60));
        CheckResult r = audit(f.write());
        assertEquals(List.of(Anomalies.EPOCH_ENTRIES_MISSING.key()), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        var ex = r.anomalies().get(Anomalies.EPOCH_ENTRIES_MISSING.key()).examples().get(0);
        assertEquals(2, ex.get("node").asInt());
        assertEquals("[2,60]", ex.get("first-entry").toString());
        assertEquals(0, ex.get("uncovered-from-offset").asLong());
        assertEquals(59, ex.get("uncovered-to-offset").asLong());
        assertEquals("[0,1]", ex.get("uncovered-epochs").toString());
        assertEquals(6, ex.get("uncovered-batches").asLong());
    }

    /**
     * As on 3.7.0 (seed 31): the rebuilt file starts epoch 1 at a later batch. That replica's own case is
     * epoch-entries-missing, not also checkpoint-vs-batches; the other replicas' disagreement stays an across-replicas case.
     */
    @Test
    void anEpochRestartedAtALaterBatchIsEpochEntriesMissingForItsReplica() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).epochs(new EpochEntry(1, 40), new EpochEntry(2, 60));
        CheckResult r = audit(f.write());
        assertEquals("[0,1]", r.anomalies().get(Anomalies.EPOCH_ENTRIES_MISSING.key()).examples().get(0).get("uncovered-epochs").toString());
        var lineage = r.anomalies().get(Anomalies.EPOCH_LINEAGE_MISMATCH.key());
        assertTrue(lineage == null || lineage.examples().stream().allMatch(e -> e.get("kind").asText().equals("across-replicas")),
                () -> r.toJson().toPrettyString());
    }

    @Test
    void anEmptiedCheckpointBesideALogIsReportedWithNoFirstEntry() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).epochs();
        CheckResult r = audit(f.write());
        assertEquals(List.of(Anomalies.EPOCH_ENTRIES_MISSING.key()), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        var ex = r.anomalies().get(Anomalies.EPOCH_ENTRIES_MISSING.key()).examples().get(0);
        assertTrue(ex.get("first-entry").isNull(), ex.toString());
        assertEquals(9, ex.get("uncovered-batches").asLong());
    }

    /** Positive control: after a crash, above the recovery point, Kafka rebuilds the entries from the log on restart. */
    @Test
    void anEmptiedCheckpointAboveTheRecoveryPointOfACrashedBrokerIsANote() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).uncleanShutdown().recoveryPoint(0).epochs();
        CheckResult r = audit(f.write());
        assertTrue(r.valid(), () -> r.toJson().toPrettyString());
    }

    /** Log start 35 inside epoch 1's first batch: Kafka moves epoch 1's entry up to 35, but may not have written it yet. */
    @Test
    void epochEntriesBelowTheLogStartPassWhetherOrNotKafkaMovedThemUp() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        for (int n = 1; n <= 3; n++) f.node(n).logStart(35);
        f.node(2).epochs(new EpochEntry(1, 35), new EpochEntry(2, 60));
        f.node(3).epochs(new EpochEntry(1, 35), new EpochEntry(2, 60));
        CheckResult r = audit(f.write());
        assertTrue(r.valid(), () -> r.toJson().toPrettyString());
        assertEquals("{\"1\":35,\"2\":35,\"3\":35}", r.stats().get("replicas").get(TOPIC + "-" + PARTITION).get("log-start-offsets").toString());
    }

    @Test
    void anEpochEntryAboveTheLogStartInsideItsFirstBatchIsAMismatch() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        for (int n = 1; n <= 3; n++) f.node(n).logStart(35);
        f.node(2).epochs(new EpochEntry(1, 36), new EpochEntry(2, 60));
        CheckResult r = audit(f.write());
        assertEquals(List.of(Anomalies.EPOCH_LINEAGE_MISMATCH.key()), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        assertTrue(r.anomalies().get(Anomalies.EPOCH_LINEAGE_MISMATCH.key()).examples().stream().allMatch(e -> e.get("epoch").asInt() == 1));
    }

    @Test
    void aFinalIsrNodeWithoutTheFolderMissesEverything() throws Exception {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        deleteTree(f.partitionFolder(3));
        CheckResult r = audit(dirs);
        assertEquals(List.of(Anomalies.COMMITTED_DATA_MISSING.key()), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        var ex = r.anomalies().get(Anomalies.COMMITTED_DATA_MISSING.key()).examples().get(0);
        assertEquals(3, ex.get("node").asInt());
        assertEquals("0..89", ex.get("from-offset").asLong() + ".." + ex.get("to-offset").asLong());
    }

    @Test
    void aBatchRepeatingEarlierOffsetsIsCorrupt() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        ReplicaFixture.appendBytes(f.segment(1, 0), ReplicaFixture.batch(40, 1, 1L));
        CheckResult r = audit(dirs);
        assertEquals(List.of(Anomalies.CORRUPT_BATCH.key()), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        assertTrue(r.anomalies().get(Anomalies.CORRUPT_BATCH.key()).examples().get(0).get("reason").asText().contains("do not increase"));
    }

    @Test
    void aNodeWithSeveralLogDirsIsOneNode() throws Exception {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = new ArrayList<>(f.write());
        Path second = Files.createDirectories(tmp.resolve("node-3-second"));
        ReplicaFixture.write(second.resolve(BrokerLogDir.META_PROPERTIES), "version=1\nnode.id=3\n");
        ReplicaFixture.write(second.resolve(BrokerLogDir.CLEAN_SHUTDOWN), "{}");
        dirs.add(second);
        CheckResult r = audit(dirs);
        assertTrue(r.valid(), () -> r.toJson().toPrettyString());

        Files.move(f.partitionFolder(3), second.resolve(TOPIC + "-" + PARTITION));
        // the partition now lives in the second dir, whose checkpoints do not name it: no high watermark of its own
        CheckResult moved = audit(dirs);
        assertTrue(moved.valid(), () -> moved.toJson().toPrettyString());
    }

    @Test
    void onePartitionTwiceOnOneNodeIsBadInput() throws Exception {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = new ArrayList<>(f.write());
        Path copy = Files.createDirectories(tmp.resolve("copy"));
        ReplicaFixture.write(copy.resolve(BrokerLogDir.META_PROPERTIES), "node.id=1\n");
        Files.createDirectories(copy.resolve(TOPIC + "-" + PARTITION));
        dirs.add(copy);
        InvalidLogDirException e = assertThrows(InvalidLogDirException.class, () -> audit(dirs));
        assertTrue(e.getMessage().startsWith("node 1 holds kchaos-test-0 twice"), e.getMessage());
    }

    @Test
    void aTopicFilterThatMatchesNothingIsUnknownNotValid() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        CheckResult r = ReplicaAudit.builder().logDirs(f.write()).topics(List.of("other")).build().run();
        assertEquals(io.kchaos.checker.result.Verdict.UNKNOWN, r.verdict());
        assertEquals("nothing audited: no topic-partition folder of topic other in the given log dirs", r.reason());
    }

    private static void deleteTree(Path dir) throws Exception {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    @Test
    void aJbodBrokersReplicaIsFoundInItsSecondLogDir() throws Exception {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = new java.util.ArrayList<>(f.write());
        Path first = f.logDir(1);
        Path second = Files.createDirectories(tmp.resolve("node-1-disk-1"));
        for (String file : List.of(BrokerLogDir.META_PROPERTIES, BrokerLogDir.HIGH_WATERMARKS, BrokerLogDir.RECOVERY_POINTS, BrokerLogDir.LOG_START_OFFSETS)) {
            Files.copy(first.resolve(file), second.resolve(file));
        }
        Files.move(f.partitionFolder(1), second.resolve(f.partitionFolder(1).getFileName()));
        dirs.add(second);
        CheckResult r = ReplicaAudit.builder().logDirs(dirs).finalIsr(TOPIC, ALL_IN_ISR).build().run();
        assertTrue(r.valid(), () -> r.toJson().toPrettyString());
        assertEquals("{\"1\":90,\"2\":90,\"3\":90}", r.stats().get("replicas").get(TOPIC + "-" + ReplicaFixture.PARTITION)
                .get("log-end-offsets").toString(), "node 1's replica, read from its second dir");
    }
}
