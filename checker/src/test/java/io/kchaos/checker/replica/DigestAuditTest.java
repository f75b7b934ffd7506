package io.kchaos.checker.replica;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.History;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static io.kchaos.checker.replica.ReplicaFixture.PARTITION;
import static io.kchaos.checker.replica.ReplicaFixture.SECOND_SEGMENT;
import static io.kchaos.checker.replica.ReplicaFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The audit of replica digests (made as a host would, from the same directories) gives exactly the results of the
 * local audit of the directories, timing aside, for clean replicas and for every kind of damage the audit knows.
 */
class DigestAuditTest {
    @TempDir
    Path tmp;

    private static final Map<Integer, List<Integer>> ALL_IN_ISR = Map.of(PARTITION, List.of(1, 2, 3));

    @Test
    void cleanReplicas() throws IOException {
        assertSameFindings(f -> { }, d -> { }, true);
    }

    @Test
    void flippedByteInARecord() throws IOException {
        assertSameFindings(f -> { }, f -> ReplicaFixture.flipByte(f.segment(3, 0), f.position(3, 20) + 61 + 5), false);
    }

    @Test
    void segmentTruncatedInsideABatch() throws IOException {
        assertSameFindings(f -> { }, f -> ReplicaFixture.truncate(f.segment(2, 0), f.position(2, 30) + 40), false);
    }

    @Test
    void lastSegmentTruncatedBetweenBatches() throws IOException {
        assertSameFindings(f -> { }, f -> ReplicaFixture.truncate(f.segment(1, SECOND_SEGMENT), f.position(1, 80)), false);
    }

    @Test
    void changedEpochInACheckpoint() throws IOException {
        assertSameFindings(f -> { }, f -> ReplicaFixture.replaceLine(f.partitionFolder(2).resolve(LeaderEpochCheckpoint.FILE_NAME), 5, "2 65"), false);
    }

    @Test
    void changedEpochOfABatch() throws IOException {
        assertSameFindings(f -> f.node(2).batchEpoch(80, 3), f -> { }, false);
    }

    @Test
    void garbageCheckpoints() throws IOException {
        assertSameFindings(f -> { }, f -> {
            ReplicaFixture.replaceLine(f.logDir(1).resolve(BrokerLogDir.HIGH_WATERMARKS), 3, "kchaos-test zero 90");
            ReplicaFixture.write(f.partitionFolder(3).resolve(LeaderEpochCheckpoint.FILE_NAME), "0\n2\n\u0000\u00ff\u00fe garbage\n");
        }, false);
    }

    @Test
    void rewrittenBatchAndTornTailAndLaggingReplica() throws IOException {
        assertSameFindings(f -> {
            f.node(3).rewriteBatch(40);
            f.node(2).batches(6).highWatermark(60);
            f.node(1).uncleanShutdown().recoveryPoint(80);
        }, f -> ReplicaFixture.truncate(f.segment(1, SECOND_SEGMENT), f.position(1, 80) + 30), false);
    }

    @Test
    void aDirectoryThatIsNotALogDirFailsTheSameWay() throws IOException {
        Path notLogDir = Files.createDirectories(tmp.resolve("not-a-log-dir"));
        Path digest = tmp.resolve("d.digest");
        new DigestWriter(AckedOffsets.none(), t -> true).write(List.of(notLogDir), digest);
        String local = assertThrows(InvalidLogDirException.class, () -> ReplicaAudit.builder().logDir(notLogDir).build().run()).getMessage();
        String remote = assertThrows(InvalidLogDirException.class, () -> ReplicaAudit.builder().logDir(digest).build().run()).getMessage();
        assertEquals(local, remote);
    }

    @Test
    void theDigestIsSmallerThanTheSegments() throws IOException {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        Path digest = tmp.resolve("1.digest");
        new DigestWriter(AckedOffsets.of(f.history(), TOPIC), t -> true).write(List.of(dirs.get(0)), digest);
        long segmentBytes = Files.size(f.segment(1, 0)) + Files.size(f.segment(1, SECOND_SEGMENT));
        assertTrue(Files.size(digest) < segmentBytes, Files.size(digest) + " vs " + segmentBytes);
        assertTrue(DigestFormat.isDigest(digest));
        assertFalse(DigestFormat.isDigest(f.segment(1, 0)));
    }

    @Test
    void digestsOfTheEarlierLayoutAreStillRead() throws IOException {
        // written by the code before 2026-12-07 (gzip, fixed widths, absolute offsets) from rewrittenBatchAndTornTailAndLaggingReplica's fixture
        ReplicaFixture f = new ReplicaFixture(tmp.resolve("dirs"));
        f.node(3).rewriteBatch(40);
        f.node(2).batches(6).highWatermark(60);
        f.node(1).uncleanShutdown().recoveryPoint(80);
        List<Path> dirs = f.write();
        ReplicaFixture.truncate(f.segment(1, SECOND_SEGMENT), f.position(1, 80) + 30);
        History history = f.history(List.of(new long[] {ReplicaFixture.END, 77_777}));
        List<Path> legacy = new ArrayList<>();
        for (int node = 1; node <= 3; node++) {
            Path digest = tmp.resolve("legacy-" + node + ".digest");
            try (InputStream in = DigestAuditTest.class.getResourceAsStream("/legacy-digest/node-" + node + ".digest")) {
                Files.copy(in, digest);
            }
            assertTrue(DigestFormat.isDigest(digest));
            legacy.add(digest);
        }
        CheckResult local = audit(dirs, history);
        CheckResult old = audit(legacy, history);
        assertEquals(local.anomalyTypes(), old.anomalyTypes());
        assertEquals(withoutTiming(local).path("anomalies").size(), withoutTiming(old).path("anomalies").size());
        assertFalse(local.anomalyTypes().isEmpty());
    }

    /** Builds the fixture, damages it, and compares the local audit with the digest audit, both with the history. */
    private void assertSameFindings(Consumer<ReplicaFixture> before, Consumer<ReplicaFixture> damage, boolean valid) throws IOException {
        ReplicaFixture f = new ReplicaFixture(tmp.resolve("dirs"));
        before.accept(f);
        List<Path> dirs = f.write();
        damage.accept(f);
        // a damaged run also has an acknowledged write beyond every log (acked-write-missing-on-replica)
        History history = valid ? f.history() : f.history(List.of(new long[] {ReplicaFixture.END, 77_777}));
        CheckResult local = audit(dirs, history);
        List<Path> digests = new ArrayList<>();
        for (Path d : dirs) {
            Path digest = tmp.resolve(d.getFileName() + ".digest");
            new DigestWriter(AckedOffsets.of(history, TOPIC), t -> !BrokerLogDir.isInternal(t)).write(List.of(d), digest);
            digests.add(digest);
        }
        CheckResult remote = audit(digests, history);
        assertEquals(withoutTiming(local).toPrettyString(), withoutTiming(remote).toPrettyString());
        assertEquals(valid, local.anomalyTypes().isEmpty(), () -> local.toJson().toPrettyString());
    }

    private static CheckResult audit(List<Path> dirs, History history) {
        return ReplicaAudit.builder().logDirs(dirs).finalIsr(TOPIC, ALL_IN_ISR).ackedWrites(history, TOPIC).build().run();
    }

    static ObjectNode withoutTiming(CheckResult r) {
        ObjectNode json = r.toJson();
        ObjectNode replicas = (ObjectNode) json.path("stats").path("replicas");
        replicas.remove(List.of("seconds", "mb-per-second"));
        return json;
    }
}
