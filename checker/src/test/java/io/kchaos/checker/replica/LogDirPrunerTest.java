package io.kchaos.checker.replica;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.kchaos.checker.replica.ReplicaFixture.PARTITION;
import static io.kchaos.checker.replica.ReplicaFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pruned log dirs (segments replaced by a digest of the dir) audit exactly as the dirs did before, timing aside; they
 * keep their checkpoints and the metadata log byte for byte, and nothing a symbolic link points at is touched.
 */
class LogDirPrunerTest {
    @TempDir
    Path tmp;

    private static final Map<Integer, List<Integer>> ALL_IN_ISR = Map.of(PARTITION, List.of(1, 2, 3));

    @Test
    void aPrunedCleanRunAuditsAsBefore() throws IOException {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        assertSameAuditAfterPruning(dirs, f.history(), true);
    }

    @Test
    void aPrunedDamagedRunAuditsAsBefore() throws IOException {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).batches(6).highWatermark(60);
        List<Path> dirs = f.write();
        ReplicaFixture.flipByte(f.segment(3, 0), f.position(3, 20) + 61 + 5);
        assertSameAuditAfterPruning(dirs, f.history(List.of(new long[] {ReplicaFixture.END, 77_777})), false);
    }

    @Test
    void keepsCheckpointsAndTheMetadataLogAndRemovesSegmentFiles() throws IOException {
        ReplicaFixture f = new ReplicaFixture(tmp);
        Path dir = f.write().get(0);
        Path partition = f.partitionFolder(1);
        Files.writeString(partition.resolve("partition.metadata"), "version: 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAA\n");
        Files.writeString(partition.resolve("00000000000000000000.index"), "index");
        Files.writeString(partition.resolve("00000000000000000000.timeindex"), "timeindex");
        Files.writeString(partition.resolve("00000000000000000100.snapshot"), "snapshot");
        Path outside = Files.writeString(tmp.resolve("outside.log"), "not the run's");
        Files.createSymbolicLink(partition.resolve("00000000000000099999.log"), outside);
        byte[] metadataLog = Files.readAllBytes(dir.resolve("__cluster_metadata-0").resolve(Segment.fileName(0)));
        Files.writeString(dir.resolve("__cluster_metadata-0").resolve("00000000000000000000.index"), "preallocated, rebuildable");
        Files.writeString(dir.resolve("__cluster_metadata-0").resolve("00000000000000000000.timeindex"), "preallocated, rebuildable");
        byte[] epochs = Files.readAllBytes(partition.resolve(LeaderEpochCheckpoint.FILE_NAME));
        // a replica a reassignment moved away, waiting for file.delete.delay.ms (a drain-broker run kept 2.6 GB of these)
        Path retired = Files.createDirectories(dir.resolve("t-7.a10287f320bc492681e87b14d5fadf65-delete"));
        Files.writeString(retired.resolve("00000000000000000000.index"), "preallocated");
        Files.writeString(retired.resolve(Segment.fileName(0)), "moved away");

        LogDirPruner.Outcome o = new LogDirPruner(AckedOffsets.of(f.history(), TOPIC)).prune(dir);

        assertTrue(PrunedLogDir.isPruned(dir));
        try (var left = Files.list(partition)) {
            assertEquals(List.of("00000000000000099999.log", "leader-epoch-checkpoint", "partition.metadata"),
                    left.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertEquals("not the run's", Files.readString(outside));
        assertArrayEquals(epochs, Files.readAllBytes(partition.resolve(LeaderEpochCheckpoint.FILE_NAME)));
        assertArrayEquals(metadataLog, Files.readAllBytes(dir.resolve("__cluster_metadata-0").resolve(Segment.fileName(0))));
        for (String kept : List.of(BrokerLogDir.META_PROPERTIES, BrokerLogDir.HIGH_WATERMARKS, BrokerLogDir.RECOVERY_POINTS,
                BrokerLogDir.LOG_START_OFFSETS, BrokerLogDir.CLEAN_SHUTDOWN)) {
            assertTrue(Files.exists(dir.resolve(kept)), kept);
        }
        assertEquals(9, o.filesRemoved()); // two segments, the index, the time index, the snapshot, the metadata log's two indexes, the retired replica's two files; not the link
        try (var left = Files.list(retired)) {
            assertEquals(0, left.count(), "the retired replica's files are gone");
        }
        try (var metadata = Files.list(dir.resolve("__cluster_metadata-0"))) {
            assertEquals(List.of(Segment.fileName(0)), metadata.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".checkpoint")
                    && !n.equals("quorum-state") && !n.equals("partition.metadata") && !n.equals("leader-epoch-checkpoint")).sorted().toList());
        }
        assertTrue(o.bytesAfter() < o.bytesBefore(), o.toString());
        assertEquals(Files.size(PrunedLogDir.digestOf(dir)), o.digestBytes());
        assertEquals(metadataLog.length, o.metadataLogBytes());
        assertFalse(Files.exists(dir.resolve(PrunedLogDir.FILE + ".partial")));

        LogDirPruner.Outcome again = new LogDirPruner(AckedOffsets.none()).prune(dir);
        assertEquals(0, again.filesRemoved());
        assertEquals(o.bytesAfter(), again.bytesBefore());
    }

    @Test
    void aDirectoryThatIsNotALogDirIsLeftAlone() throws IOException {
        Path notLogDir = Files.createDirectories(tmp.resolve("not-a-log-dir").resolve("t-0"));
        Path segment = Files.writeString(notLogDir.resolve(Segment.fileName(0)), "bytes");
        org.junit.jupiter.api.Assertions.assertThrows(InvalidLogDirException.class,
                () -> new LogDirPruner(AckedOffsets.none()).prune(notLogDir.getParent()));
        assertTrue(Files.exists(segment));
        assertFalse(PrunedLogDir.isPruned(notLogDir.getParent()));
    }

    private void assertSameAuditAfterPruning(List<Path> dirs, History history, boolean valid) throws IOException {
        CheckResult before = audit(dirs, history);
        List<Long> sizes = new ArrayList<>();
        for (Path d : dirs) sizes.add(new LogDirPruner(AckedOffsets.of(history, TOPIC)).prune(d).filesRemoved() * 1L);
        assertTrue(sizes.stream().allMatch(n -> n > 0), sizes.toString());
        CheckResult after = audit(dirs, history);
        assertEquals(DigestAuditTest.withoutTiming(before).toPrettyString(), DigestAuditTest.withoutTiming(after).toPrettyString());
        assertEquals(valid, before.anomalyTypes().isEmpty(), () -> before.toJson().toPrettyString());
    }

    private static CheckResult audit(List<Path> dirs, History history) {
        return ReplicaAudit.builder().logDirs(dirs).finalIsr(TOPIC, ALL_IN_ISR).ackedWrites(history, TOPIC).build().run();
    }
}
