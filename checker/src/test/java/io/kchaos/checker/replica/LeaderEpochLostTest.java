package io.kchaos.checker.replica;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.folder.LeaderChange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.kchaos.checker.replica.ReplicaFixture.PARTITION;
import static io.kchaos.checker.replica.ReplicaFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The leader-epoch lineage after a move between log dirs (KAFKA-20961): a leader whose checkpoint lost the epoch it leads
 * is {@code leader-epoch-lost}; a checkpoint that lost entries its batches need is {@code epoch-entries-missing}; the
 * ways replicas' checkpoints legitimately differ (followers never hold a leader's record-less entry, a replica that
 * joined later, a follower truncated to a shorter log) are valid.
 */
class LeaderEpochLostTest {
    @TempDir
    Path tmp;

    private static final String LOST = Anomalies.LEADER_EPOCH_LOST.key();

    private static CheckResult audit(List<Path> dirs, List<Integer> isr, LeaderChange... samples) {
        return ReplicaAudit.builder().logDirs(dirs).finalIsr(TOPIC, Map.of(PARTITION, isr))
                .observedLeaders(TOPIC, List.of(samples)).build().run();
    }

    private static LeaderChange led(long seconds, int node, int epoch) {
        return new LeaderChange(seconds * 1_000_000_000L, PARTITION, node, epoch, List.of(1, 2, 3));
    }

    private static void assertValid(CheckResult r) {
        assertTrue(r.valid(), () -> r.toJson().toPrettyString());
    }

    // ---- reported ----

    @Test
    void leaderWhoseMovedCheckpointKeptOnlyItsBatchesEpochsLostTheEpochItLeads() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        // node 2 led epoch 3 at the log end (no record behind it), node 1 then epoch 4: after node 1's move only the
        // epochs of its batches are left
        f.node(2).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30), new EpochEntry(2, 60), new EpochEntry(3, 90));
        CheckResult r = audit(f.write(), List.of(1, 3), led(40, 2, 3), led(61, 1, 4));
        assertEquals(List.of(LOST), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        ObjectNode ex = r.anomalies().get(LOST).examples().get(0);
        assertEquals(1, ex.get("node").asInt());
        assertEquals(4, ex.get("leader-epoch").asInt());
        assertEquals("leaders.jsonl at 61.000 s", ex.get("observed").asText());
        assertEquals("[[0,0],[1,30],[2,60]]", ex.get("entries").toString());
        assertEquals(90, ex.get("log-end-offset").asLong());
        assertEquals("{\"2\":[[3,90]]}", ex.get("peers-ahead").toString(), "the epoch node 2 reports and node 1 cannot resolve");
    }

    @Test
    void emptyPartitionWhoseLeaderCheckpointIsEmptyAfterTheMoveLostItsEpoch() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        for (int n = 1; n <= 3; n++) f.node(n).batches(0).epochs();
        f.node(3).epochs(new EpochEntry(1, 0));
        CheckResult r = audit(f.write(), List.of(1, 2), led(70, 1, 2));
        assertEquals(List.of(LOST), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        ObjectNode ex = r.anomalies().get(LOST).examples().get(0);
        assertEquals("[]", ex.get("entries").toString());
        assertEquals("{\"3\":[[1,0]]}", ex.get("peers-ahead").toString());
    }

    @Test
    void checkpointEmptiedWhileTheLogHoldsRecordsIsEpochEntriesMissing() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(2).epochs();
        CheckResult r = audit(f.write(), List.of(1, 2, 3), led(61, 1, 2));
        assertEquals(List.of(Anomalies.EPOCH_ENTRIES_MISSING.key()), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        assertEquals(2, r.anomalies().get(Anomalies.EPOCH_ENTRIES_MISSING.key()).examples().get(0).get("node").asInt());
    }

    @Test
    void checkpointThatLostItsEarlierEntriesIsEpochEntriesMissing() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).epochs(new EpochEntry(2, 60));
        CheckResult r = audit(f.write(), List.of(1, 2, 3), led(61, 1, 2));
        assertEquals(List.of(Anomalies.EPOCH_ENTRIES_MISSING.key()), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        assertEquals("[0,1]", r.anomalies().get(Anomalies.EPOCH_ENTRIES_MISSING.key()).examples().get(0).get("uncovered-epochs").toString());
    }

    // ---- legitimate differences, valid ----

    @Test
    void identicalLineagesAreValid() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        assertValid(audit(f.write(), List.of(1, 2, 3), led(61, 1, 2)));
    }

    @Test
    void followersWithoutTheLeadersRecordlessEntriesAreValid() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        // node 1 leads epoch 4 from the log end; node 2 led epoch 3 there before; node 3 only ever followed
        f.node(1).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30), new EpochEntry(2, 60), new EpochEntry(4, 90));
        f.node(2).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30), new EpochEntry(2, 60), new EpochEntry(3, 90));
        assertValid(audit(f.write(), List.of(1, 2, 3), led(40, 2, 3), led(61, 1, 4)));
    }

    @Test
    void replicaWhoseLogStartsLaterLacksTheEarlyEpochsAndIsValid() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).logStart(60).epochs(new EpochEntry(2, 60)); // joined by reassignment after epoch 2 began
        assertValid(audit(f.write(), List.of(1, 2, 3), led(61, 3, 2)));
    }

    @Test
    void followerTruncatedToAShorterLogIsValid() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(3).batches(6).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30));
        assertValid(audit(f.write(), List.of(1, 2), led(61, 1, 2)));
    }

    @Test
    void leaderWithALaterEntryThanTheObservedEpochIsValid() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        assertValid(audit(f.write(), List.of(1, 2, 3), led(30, 1, 1)));
    }

    @Test
    void lastSampleWithoutAnEpochJudgesNothing() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(1).epochs(new EpochEntry(0, 0), new EpochEntry(1, 30), new EpochEntry(2, 60));
        assertValid(audit(f.write(), List.of(1, 2, 3), led(40, 1, 7), led(61, 1, -1)));
    }

    @Test
    void leaderThatDidNotStopCleanlyIsAWarning() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.node(1).uncleanShutdown();
        CheckResult r = audit(f.write(), List.of(1, 2, 3), led(61, 1, 4));
        assertValid(r);
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("led epoch 4")), () -> r.warnings().toString());
    }
}
