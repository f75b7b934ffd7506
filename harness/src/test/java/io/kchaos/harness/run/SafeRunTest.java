package io.kchaos.harness.run;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.OpType;
import io.kchaos.harness.cli.Main;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The foundation's end-to-end check on a real 3-node cluster: the safe default (acks=all, min.insync.replicas=2,
 * unclean election off) under two leader kills is valid, the history shows the faults really happened, the
 * post-run replica and Raft audits ran (and report damage planted in copies of the real files), and the report renders. One run serves every test here.
 */
@Tag("cluster")
class SafeRunTest {
    @TempDir
    static Path store;
    static int exit;
    static RunHistories run;

    @BeforeAll
    static void runOnce() throws Exception {
        // --keep-data all: ReplicaDamage copies and damages the segments, which a VALID run would prune to digests. Kills
        // ~4 s apart: each restart is read back only once the killed broker's 9 s session expired, and the run ends one
        // interval after the second (Kafka's own session stays: the stall asserted below is its fencing)
        exit = Main.execute("run", "--time-limit", "70", "--nemesis-option", "fault-count=2", "--nemesis", "kill-leader", "--nemesis-interval", "4",
                "--fault-duration", "4", "--seed", "42", "--producer-config", RunHistories.ONE_IN_FLIGHT, "--keep-data", "all",
                "--store", store.toString());
        run = new RunHistories(store);
    }

    @Test
    void safeConfigurationUnderKillLeaderIsValid() {
        run.assertValid(exit);
        assertTrue(run.nemesis("kill") >= 2, "at least two leader kills: " + run.counts);
        assertTrue(run.nemesis("start") >= 2, "killed leaders restarted: " + run.counts);
        // ok means held: a killed leader's JVM had exited, a restarted one listens; none may be left as info
        assertEquals(List.of(), run.nemesisNotOk("kill", "start"), "every kill and restart completed ok: " + run.nemesisCompletions);
        assertTrue(run.count("send", OpType.OK) >= 500, "hundreds of acknowledged sends: " + run.counts);
        // the kills bit: a killed leader's partitions take no write until the controller fences it (a 9 s session,
        // less at most one 2 s heartbeat interval); the 30 s delivery timeout retries through that, so sends stall
        // rather than fail
        double longestStall = 0;
        for (var p : run.results.path("stats").path("availability").path("partitions")) {
            longestStall = Math.max(longestStall, p.path("longest-no-ok-send-s").asDouble());
        }
        assertTrue(longestStall >= 5, "a partition took no acknowledged write for seconds around a kill: " + longestStall);
        assertTrue(run.count("drain", OpType.OK) >= 1, "a final drain: " + run.counts);
        assertEquals(0, run.results.path("stats").path("unseen").asLong(-1), "every acknowledged write was read: " + run.results);
    }

    @Test
    void runFolderHoldsEverything() throws Exception {
        for (String f : new String[]{"run.json", "results.json", "history.jsonl", "leaders.jsonl", "nodes/1/server.log"}) {
            assertTrue(Files.size(run.dir.resolve(f)) > 0, f + " written");
        }
        assertTrue(Files.isDirectory(run.dir.resolve("nodes/2/data")), "data dir kept");
        assertTrue(run.runJson().path("startup-seconds").asDouble() > 0, "start-up time recorded");
        assertEquals(42, run.runJson().path("seed").asLong(), "seed recorded");
    }

    @Test
    void resultsIncludeTheReplicaAudit() {
        var replicas = run.results.path("stats").path("replicas");
        for (int p = 0; p < 3; p++) {
            var part = replicas.path("kchaos-queue-" + p);
            assertTrue(part.path("high-watermark").asLong() > 0, "partition " + p + " audited: " + replicas);
            assertTrue(part.path("batches-compared").asLong() > 0, "batches compared for partition " + p + ": " + part);
            assertTrue(part.path("epochs").size() >= 1, "epochs listed for partition " + p + ": " + part);
        }
    }

    @Test
    void resultsIncludeAValidRaftAuditOfTheMetadataLog() {
        var raft = run.results.path("stats").path("raft");
        assertEquals(3, raft.path("nodes").asInt(), "three metadata logs read: " + raft);
        assertEquals(3, raft.path("voters").asInt(), "combined mode: every node a voter: " + raft);
        assertTrue(raft.path("batches-compared").asLong() > 0, "batches compared across nodes: " + raft);
        assertTrue(raft.path("committed-batches").asLong() > 0, "committed batches found: " + raft);
        for (var type : run.results.path("anomaly-types")) assertTrue(!type.asText().startsWith("raft-"), "no Raft anomaly: " + type);
    }

    @Test
    void raftDamageOfRealMetadataLogsIsReported(@TempDir Path work) throws Exception {
        RaftDamage damage = new RaftDamage(run.dir, work);
        CheckResult intact = damage.audit("intact", null);
        assertTrue(intact.valid(), "the copied metadata logs agree: " + intact.toJson());
        CheckResult bytes = damage.audit("record bytes", RaftDamage::rewriteRecordBytes);
        assertEquals(List.of("raft-election-safety"), bytes.anomalyTypes(), "same offset and epoch, other bytes: " + bytes.toJson());
        CheckResult epoch = damage.audit("epoch", RaftDamage::rewriteEpoch);
        assertEquals(List.of("raft-committed-replaced"), epoch.anomalyTypes(), "a later epoch over a committed batch: " + epoch.toJson());
    }

    @Test
    void availabilityIsMeasuredPerPartition() {
        var a = run.results.path("stats").path("availability");
        for (int p = 0; p < 3; p++) {
            assertTrue(a.path("partitions").path(String.valueOf(p)).path("longest-no-ok-send-s").asDouble() > 0,
                    "longest gap of partition " + p + ": " + a);
        }
        var kill = a.path("faults").get(0);
        assertEquals(3, kill.path("to-next-ok-send-by-partition-s").size(), "each partition's time to its next ack: " + kill);
        // measured from the instant each kill held (its ok: the process had exited), which is never before its invocation
        assertEquals(List.of(), run.availabilityFaultsNotHeld(), "every kill held, measured from its ok: " + a.path("faults"));
        assertTrue(a.path("ok-sends-per-s").asDouble() > 0, "the acknowledged rate: " + a);
    }

    @Test
    void reportRendersInABrowser() throws Exception {
        String dom = ReportInBrowser.check(run.dir, "kill ");
        assertTrue(dom.contains("valid"), "the banner shows the verdict");
    }

    @Test
    void replicaDamageIsReportedOneTypeEach(@TempDir Path work) throws Exception {
        ReplicaDamage damage = new ReplicaDamage(run.dir, work);
        assertEquals(0, damage.verify("intact", d -> { }), "the cleanly stopped replicas agree");
        damage.expectOnly(Set.of("corrupt-batch", "committed-data-missing"), "flipped byte", ReplicaDamage::flipByteInARecord);
        damage.expectOnly("committed-data-missing", "segment truncated between batches", ReplicaDamage::truncateSegmentMidway);
        damage.expectOnly("epoch-lineage-mismatch", "epoch start offset changed", ReplicaDamage::shiftAnEpochStartOffset);
        damage.expectOnly("checkpoint-unreadable", "garbage checkpoint line", ReplicaDamage::garbleACheckpointLine);
    }
}
