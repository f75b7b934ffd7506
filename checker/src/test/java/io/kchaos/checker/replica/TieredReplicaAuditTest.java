package io.kchaos.checker.replica;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.kchaos.checker.replica.ReplicaFixture.PARTITION;
import static io.kchaos.checker.replica.ReplicaFixture.SECOND_SEGMENT;
import static io.kchaos.checker.replica.ReplicaFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The replica audit of a topic with tiered storage: segments copied to the remote tier and deleted locally leave each
 * replica's log starting at its first local segment while the log-start checkpoint keeps the global start; those
 * offsets are remote, not missing. A segment lost in the middle is still reported.
 */
class TieredReplicaAuditTest {
    @TempDir
    Path tmp;

    private static final Map<Integer, List<Integer>> ALL_IN_ISR = Map.of(PARTITION, List.of(1, 2, 3));

    private static CheckResult audit(List<Path> dirs, ReplicaFixture f, boolean tiered) {
        ReplicaAudit.Builder b = ReplicaAudit.builder().logDirs(dirs).finalIsr(TOPIC, ALL_IN_ISR).ackedWrites(f.history(), TOPIC);
        if (tiered) b.remoteTier(List.of(TOPIC));
        return b.build().run();
    }

    private static JsonNode partitionStats(CheckResult r) {
        return r.stats().get("replicas").get(TOPIC + "-" + PARTITION);
    }

    @Test
    void offsetsOnlyInTheRemoteTierAreNeitherMissingNorWarnedAbout() throws Exception {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        Files.delete(f.segment(1, 0)); // node 1 offloaded 0..49 and deleted it locally
        Files.delete(f.segment(2, 0));
        CheckResult r = audit(dirs, f, true);
        assertTrue(r.valid(), () -> r.toJson().toPrettyString());
        assertFalse(r.toJson().toString().contains("first segment"), () -> r.toJson().toPrettyString());
        JsonNode stats = partitionStats(r);
        assertEquals(SECOND_SEGMENT, stats.get("local-log-start-offsets").get("1").asLong());
        assertFalse(stats.get("local-log-start-offsets").has("3"));
        assertEquals(SECOND_SEGMENT, stats.get("acked-writes").get("1").get("in-remote-tier").asLong());
        assertEquals(ReplicaFixture.END - SECOND_SEGMENT, stats.get("acked-writes").get("1").get("checked").asLong());
        assertEquals(ReplicaFixture.END, stats.get("acked-writes").get("3").get("checked").asLong());
    }

    @Test
    void aFollowerThatRebuiltFromTheRemoteTierStartsAboveTheOthersAndIsValid() throws Exception {
        ReplicaFixture f = new ReplicaFixture(tmp);
        for (int n = 1; n <= 3; n++) f.node(n).segments(0L, 30L, 60L);
        List<Path> dirs = f.write();
        Files.delete(f.segment(1, 0));
        Files.delete(f.segment(2, 0));
        Files.delete(f.segment(2, 30)); // node 2 fetched from the leader's local log start: its epochs below are remote
        CheckResult r = audit(dirs, f, true);
        assertTrue(r.valid(), () -> r.toJson().toPrettyString());
        assertEquals(60, partitionStats(r).get("local-log-start-offsets").get("2").asLong());
    }

    @Test
    void withoutTieredStorageTheSameLostFirstSegmentKeepsItsWarning() throws Exception {
        ReplicaFixture f = new ReplicaFixture(tmp);
        List<Path> dirs = f.write();
        Files.delete(f.segment(1, 0));
        CheckResult r = audit(dirs, f, false);
        assertTrue(r.toJson().toString().contains("first segment"), () -> r.toJson().toPrettyString());
        assertFalse(partitionStats(r).has("local-log-start-offsets"));
    }

    @Test
    void aLocalSegmentDeletedInTheMiddleIsStillCommittedDataMissing() throws Exception {
        ReplicaFixture f = new ReplicaFixture(tmp);
        for (int n = 1; n <= 3; n++) f.node(n).segments(0L, 30L, 60L);
        List<Path> dirs = f.write();
        Files.delete(f.segment(1, 0)); // remote: fine
        Files.delete(f.segment(2, 30)); // a hole above node 2's first local segment: lost
        CheckResult r = audit(dirs, f, true);
        assertEquals(List.of(Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key(), Anomalies.COMMITTED_DATA_MISSING.key()), r.anomalyTypes().stream().sorted().toList(),
                () -> r.toJson().toPrettyString());
        JsonNode ex = r.anomalies().get(Anomalies.COMMITTED_DATA_MISSING.key()).examples().get(0);
        assertEquals(2, ex.get("node").asInt(), ex::toPrettyString);
        assertEquals(30, r.anomalies().get(Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key()).count(), () -> r.toJson().toPrettyString());
    }

    @Test
    void aReplicaMissingItsTailIsStillReportedOnATieredTopic() throws Exception {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(1).batches(7);
        List<Path> dirs = f.write();
        Files.delete(f.segment(1, 0));
        CheckResult r = audit(dirs, f, true);
        assertTrue(r.anomalyTypes().contains(Anomalies.COMMITTED_DATA_MISSING.key()), () -> r.toJson().toPrettyString());
        assertEquals(20, r.anomalies().get(Anomalies.ACKED_WRITE_MISSING_ON_REPLICA.key()).count(), () -> r.toJson().toPrettyString());
    }
}
