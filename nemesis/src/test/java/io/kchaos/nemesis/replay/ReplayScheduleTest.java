package io.kchaos.nemesis.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.Coordinated;
import io.kchaos.nemesis.process.PauseFollowersKillLeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The round trip: a nemesis records its ops with their roles, the schedule is read back from the history file, and a
 * replay on another cluster (other leaders, a coordinator elsewhere) aims at the same roles, not the same node ids.
 */
class ReplayScheduleTest {
    @Test
    void aRecordedPauseFollowersKillLeaderIsReplayedOnTheLeaderOfTheSamePartitionInAnotherCluster(@TempDir Path dir) throws Exception {
        Path original = dir.resolve("original.jsonl");
        FakeCluster first = new FakeCluster(3, List.of(List.of(1, 2, 3), List.of(2, 3, 1), List.of(3, 1, 2)));
        try (HistoryWriter h = new HistoryWriter(original)) {
            NemesisContext ctx = first.context(new NemesisRecorder(h), 1);
            // partition 1 (led by node 2) is the one the seed draws; healed at once
            var fault = new PauseFollowersKillLeader(Duration.ofMillis(20)).inject(ctx);
            fault.heal();
        }
        RecordedSchedule schedule = ScheduleReader.read(HistoryFile.open(original), original.toString());
        assertEquals(1, schedule.faults().size(), schedule.describe().toString());
        int p = schedule.steps().get(1).role().orElseThrow().partition();
        int originalLeader = first.replicas(p).get(0);

        // the new cluster: partition p is led by another node
        List<List<Integer>> layout = new ArrayList<>();
        for (int q = 0; q < 3; q++) layout.add(q == p ? List.of(rotate(originalLeader), originalLeader, rotate(rotate(originalLeader))) : List.of(1, 2, 3));
        FakeCluster second = new FakeCluster(3, layout);
        Path replayed = dir.resolve("replay.jsonl");
        try (HistoryWriter h = new HistoryWriter(replayed)) {
            // Seen, not slept on: the replay is done once the history holds a completion for every step of the
            // schedule; stopping earlier would leave its last ops to the final heal. Its thread sleeps until each op's
            // recorded time, so the bound is the last op's time plus a scheduling allowance for a loaded machine (the
            // 10 s KafkaBounds gives a JVM on two busy cores).
            CountDownLatch done = new CountDownLatch(schedule.steps().size());
            h.addListener(op -> {
                if (op.isNemesis() && !op.isInvoke()) done.countDown();
            });
            ReplaySchedule replay = new ReplaySchedule(schedule, second.context(new NemesisRecorder(h), 1));
            replay.start();
            long lastStepMs = schedule.steps().get(schedule.steps().size() - 1).time() / 1_000_000;
            assertTrue(done.await(lastStepMs + 10_000, TimeUnit.MILLISECONDS), "every step replayed: " + schedule.describe());
            replay.stopAndHeal();
            assertEquals(1, replay.injected());
        }
        int newLeader = rotate(originalLeader);
        List<Integer> followers = layout.get(p).stream().filter(n -> n != newLeader).sorted().toList();
        List<String> expected = new ArrayList<>();
        followers.forEach(n -> expected.add("pause " + n));
        expected.add("kill " + newLeader);
        followers.forEach(n -> expected.add("resume " + n));
        expected.add("start " + newLeader);
        assertEquals(expected, second.calls, "the same roles, resolved in the new cluster");

        List<Op> ops = new ArrayList<>();
        HistoryFile.open(replayed).forEach(ops::add);
        JsonNode kill = ops.stream().filter(o -> o.f().equals("kill")).findFirst().orElseThrow().value();
        assertEquals("leader", kill.path("role").asText(), "the replay records the role too, so it can be replayed again");
        assertEquals(newLeader, kill.path("nodes").get(0).asInt());
        assertTrue(kill.has("replay-of"), kill.toString());
    }

    @Test
    void theCoordinatorRoleFollowsTheCoordinatorAndNoRoleKeepsTheNodeIds() {
        Coordinated txn = new Coordinated(Coordinated.Kind.TRANSACTION, "kchaos-txn-0");
        FakeCluster cluster = new FakeCluster(3, List.of(List.of(1, 2, 3))).coordinating(txn, 3);
        NemesisContext ctx = cluster.context(null, 1);
        JsonNode coordinated = Json.object().put("role", "coordinator").<com.fasterxml.jackson.databind.node.ObjectNode>set("coordinator-of", txn.toJson())
                .set("nodes", Json.MAPPER.createArrayNode().add(1));
        assertEquals(List.of(3), RoleResolver.resolve(step(coordinated, 1), ctx).nodes());
        JsonNode plain = Json.object().set("nodes", Json.MAPPER.createArrayNode().add(2));
        RoleResolver.Resolved r = RoleResolver.resolve(step(plain, 2), ctx);
        assertEquals(List.of(2), r.nodes());
        assertTrue(r.how().contains("no role recorded"), r.how());
        JsonNode leaderOfMissing = Json.object().put("role", "leader").put("leader-of", 0);
        cluster.kill(1);
        cluster.kill(2);
        cluster.kill(3);
        assertTrue(RoleResolver.resolve(step(leaderOfMissing, 1), ctx).nodes().isEmpty(), "no leader now: nothing to aim at");
    }

    private static RecordedSchedule.Step step(JsonNode value, int node) {
        return new RecordedSchedule.Step(0, 1, 0, "kill", value, java.util.Set.of(node), List.of(), 0);
    }

    private static int rotate(int node) {
        return node % 3 + 1;
    }

    @Test
    void recordedOperationsReplayWithTheirRecordedTargets(@TempDir Path dir) throws Exception {
        Path original = dir.resolve("original.jsonl");
        FakeCluster first = new FakeCluster(4, List.of(List.of(1, 2, 3), List.of(2, 3, 4)));
        try (HistoryWriter h = new HistoryWriter(original)) {
            NemesisContext ctx = first.context(new NemesisRecorder(h), 1);
            Thread.sleep(50); // the replay resolves a fault's roles a moment before it: leave room before the first op
            new io.kchaos.nemesis.operation.ReassignNemesis(options("reassign-shape", "replace")).inject(ctx);
            new io.kchaos.nemesis.operation.AddPartitionsNemesis(io.kchaos.nemesis.NemesisOptions.none()).inject(ctx);
        }
        RecordedSchedule schedule = ScheduleReader.read(HistoryFile.open(original), original.toString());
        assertEquals(List.of("reassign", "add-partitions"), schedule.steps().stream().map(RecordedSchedule.Step::f).toList());
        FakeCluster second = new FakeCluster(4, List.of(List.of(1, 2, 3), List.of(2, 3, 4)));
        replay(schedule, second, dir, 7);
        for (int p = 0; p < 2; p++) assertEquals(first.replicas(p), second.replicas(p), "partition " + p + ": the recorded target, not a new draw");
        assertEquals(3, second.partitions(), "the recorded partition count");
    }

    /** What {@code nemesis} records on {@code first}, read back as a schedule (ops a moment after the history's start). */
    private static RecordedSchedule recorded(FakeCluster first, Path dir, java.util.function.Consumer<NemesisContext> nemesis) throws Exception {
        Path original = dir.resolve("original.jsonl");
        try (HistoryWriter h = new HistoryWriter(original)) {
            Thread.sleep(50); // the replay resolves a fault's roles a moment before it: leave room before the first op
            nemesis.accept(first.context(new NemesisRecorder(h), 1));
        }
        return ScheduleReader.read(HistoryFile.open(original), original.toString());
    }

    /** Replays {@code schedule} on {@code second} until the history holds a completion of every step; the replay's nemesis completions. */
    private static List<Op> replay(RecordedSchedule schedule, FakeCluster second, Path dir, long seed) throws Exception {
        Path replayed = dir.resolve("replay.jsonl");
        try (HistoryWriter h = new HistoryWriter(replayed)) {
            CountDownLatch done = new CountDownLatch(schedule.steps().size());
            h.addListener(op -> {
                if (op.isNemesis() && !op.isInvoke()) done.countDown();
            });
            ReplaySchedule replay = new ReplaySchedule(schedule, second.context(new NemesisRecorder(h), seed));
            replay.start();
            long lastStepMs = schedule.steps().get(schedule.steps().size() - 1).time() / 1_000_000;
            assertTrue(done.await(lastStepMs + 10_000, TimeUnit.MILLISECONDS), "every step replayed: " + schedule.describe());
            replay.stopAndHeal();
        }
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(replayed).forEach((Op op) -> {
            if (op.isNemesis() && !op.isInvoke()) ops.add(op);
        });
        return ops;
    }

    @Test
    void aRecordedAlterConfigReplaysToTheRecordedValueAndItsRestoreBack(@TempDir Path dir) throws Exception {
        FakeCluster first = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        first.setTopicConfig("min.insync.replicas", "1"); // the topic's own value: the restore puts it back, not the broker's
        RecordedSchedule schedule = recorded(first, dir, ctx -> new io.kchaos.nemesis.operation.AlterConfigNemesis(
                options("alter-config", "min.insync.replicas=3")).inject(ctx).heal());
        assertEquals(List.of("alter-config", "restore-config"), schedule.steps().stream().map(RecordedSchedule.Step::f).toList());
        FakeCluster second = new FakeCluster(3, List.of(List.of(2, 3, 1)));
        List<Op> ops = replay(schedule, second, dir, 7);
        assertEquals(List.of("config min.insync.replicas=3", "config min.insync.replicas=1"), second.calls, "the recorded to, then the recorded from");
        assertEquals(List.of("alter-config", "restore-config"), ops.stream().map(Op::f).toList());
        assertEquals(List.of(OpType.OK, OpType.OK), ops.stream().map(Op::type).toList(), "held: " + ops);
        assertEquals("[1,2,3]", ops.get(0).value().path("reported-by").toString(), "read back from every broker hosting the topic: " + ops.get(0));
        assertEquals("[1,2,3]", ops.get(1).value().path("reported-by").toString(), ops.get(1).toString());
        assertTrue(ops.get(1).value().has("replay-of"), ops.get(1).toString());
    }

    @Test
    void aReplayStoppedBeforeARestoreConfigStillRestores(@TempDir Path dir) throws Exception {
        JsonNode altered = Json.MAPPER.readTree("{\"config\": \"min.insync.replicas\", \"from\": \"2\", \"to\": \"3\", \"from-override\": false}");
        RecordedSchedule schedule = new RecordedSchedule(List.of(
                new RecordedSchedule.Step(0, 1, 0, "alter-config", altered, java.util.Set.of(), List.of(), 0),
                new RecordedSchedule.Step(1, 1, 3_600_000_000_000L, "restore-config", altered, java.util.Set.of(), List.of(0), 2)), List.of());
        FakeCluster second = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        try (HistoryWriter h = new HistoryWriter(dir.resolve("replay.jsonl"))) {
            CountDownLatch altering = new CountDownLatch(1);
            h.addListener(op -> {
                if (op.isNemesis() && !op.isInvoke()) altering.countDown();
            });
            ReplaySchedule replay = new ReplaySchedule(schedule, second.context(new NemesisRecorder(h), 1));
            replay.start();
            assertTrue(altering.await(10, TimeUnit.SECONDS));
            replay.stopAndHeal(); // an hour before the restore's time: the run's time limit came first
        }
        assertEquals(List.of("config min.insync.replicas=3", "config min.insync.replicas=null"), second.calls,
                "the final heal cannot undo a config change: the replay's stop does");
    }

    @Test
    void aRecordedReassignCancelReplaysToTheRecordedSetsAndItsCancelLeavesTheOldOnes(@TempDir Path dir) throws Exception {
        FakeCluster first = new FakeCluster(4, List.of(List.of(1, 2, 3)));
        RecordedSchedule schedule = recorded(first, dir, ctx -> new io.kchaos.nemesis.operation.ReassignCancelNemesis(
                io.kchaos.nemesis.NemesisOptions.none()).inject(ctx).heal());
        assertEquals(List.of("throttled-reassign", "cancel-reassignment"), schedule.steps().stream().map(RecordedSchedule.Step::f).toList());
        JsonNode to = schedule.steps().get(0).value().path("to").path("0");
        FakeCluster second = new FakeCluster(4, List.of(List.of(1, 2, 3)));
        List<Op> ops = replay(schedule, second, dir, 7);
        assertEquals(List.of("throttle [1, 2, 3, 4] 4096", "reassign {0=" + to.toString().replace(",", ", ") + "}", "cancel [0]",
                "throttle [1, 2, 3, 4] 0"), second.calls, "the recorded target under the recorded throttle, then its cancel");
        assertEquals(List.of(1, 2, 3), second.replicas(0), "the old set back");
        assertTrue(second.reassignments().orElseThrow().isEmpty(), "no reassignment in progress");
        assertEquals(List.of(), second.throttleConfigs(List.of(1, 2, 3, 4)).orElseThrow());
        assertEquals(List.of("throttled-reassign", "cancel-reassignment"), ops.stream().map(Op::f).toList());
        assertEquals(List.of(OpType.OK, OpType.OK), ops.stream().map(Op::type).toList(), "held: " + ops);
        assertTrue(ops.get(1).value().path("cancelled").asBoolean(), ops.get(1).toString());
        assertEquals(to, ops.get(0).value().path("to").path("0"));
    }

    @Test
    void aRecordedMoveLogDirReplaysToTheDirOfTheSameNameAndBack(@TempDir Path dir) throws Exception {
        FakeCluster first = new FakeCluster(3, List.of(List.of(1, 2), List.of(2, 3))).withLogDirs(2);
        RecordedSchedule schedule = recorded(first, dir, ctx -> new io.kchaos.nemesis.operation.MoveLogDirNemesis(
                io.kchaos.nemesis.NemesisOptions.none()).inject(ctx).heal());
        JsonNode moved = schedule.steps().get(0).value();
        int broker = moved.path("nodes").get(0).asInt();
        int partition = moved.path("partition").asInt();
        FakeCluster second = new FakeCluster(3, List.of(List.of(1, 2), List.of(2, 3))).withLogDirs(2);
        List<Op> ops = replay(schedule, second, dir, 7);
        assertEquals(List.of("move-log-dir " + broker + " " + partition + " /d/" + broker + "/disk-1",
                "move-log-dir " + broker + " " + partition + " /d/" + broker + "/disk-0"), second.calls);
        assertEquals(List.of(OpType.OK, OpType.OK), ops.stream().map(Op::type).toList(), "held: " + ops);
        assertEquals("/d/" + broker + "/disk-0", ops.get(1).value().path("to").asText(), ops.get(1).toString());
    }

    private static io.kchaos.nemesis.NemesisOptions options(String key, String value) {
        return new io.kchaos.nemesis.NemesisOptions(java.util.Map.of(key, value));
    }
}
