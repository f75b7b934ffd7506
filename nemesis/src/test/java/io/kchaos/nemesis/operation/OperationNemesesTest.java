package io.kchaos.nemesis.operation;

import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The planned-operation nemeses on a simulated cluster: what they ask Kafka, what they record, and what they refuse. */
class OperationNemesesTest {
    @TempDir
    Path dir;

    private static NemesisOptions options(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return new NemesisOptions(m);
    }

    /** The nemesis completions of one injection and heal on {@code c}. */
    private List<Op> run(FakeCluster c, Consumer<io.kchaos.nemesis.NemesisContext> action) {
        return c.nemesisCompletions(dir, action);
    }

    @Test
    void reassignMovesAPartitionAndRecordsItsSetsBeforeAndAfter() {
        FakeCluster c = new FakeCluster(4, List.of(List.of(1, 2, 3)));
        List<Op> ops = run(c, ctx -> new ReassignNemesis(options("reassign-shape", "replace")).inject(ctx).heal());
        assertEquals(1, ops.size());
        Op op = ops.get(0);
        assertEquals("reassign", op.f());
        assertEquals(OpType.OK, op.type());
        List<Integer> after = c.replicas(0);
        assertNotEquals(List.of(1, 2, 3), after);
        assertTrue(after.contains(4), after.toString());
        assertEquals("[1,2,3]", op.value().path("from").path("0").toString());
        assertEquals(after.toString().replace(" ", ""), op.value().path("replicas-after").path("0").toString());
        assertTrue(op.value().has("took-ms") && op.value().path("progress").isArray(), op.value().toString());
    }

    @Test
    void anyShapeFirstGrowsBackAPartitionItShrank() {
        Random r = new Random(3);
        assertEquals(ReassignShape.GROW, ReassignShape.any(List.of(1, 2), List.of(1, 2, 3, 4), 3, r).orElseThrow());
        assertEquals(ReassignShape.SHRINK, ReassignShape.any(List.of(1, 2, 3, 4), List.of(1, 2, 3, 4), 3, r).orElseThrow());
        for (int i = 0; i < 50; i++) {
            ReassignShape s = ReassignShape.any(List.of(1, 2), List.of(1, 2), 2, r).orElseThrow();
            assertEquals(ReassignShape.SWAP_LEADER, s, "two replicas on two brokers can only swap their leader");
        }
        assertTrue(ReassignShape.any(List.of(1), List.of(1), 1, r).isEmpty());
    }

    @Test
    void swapLeaderEndsWithTheNewFirstReplicaElected() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        List<Op> ops = run(c, ctx -> new ReassignNemesis(options("reassign-shape", "swap-leader")).inject(ctx));
        int first = c.replicas(0).get(0);
        assertNotEquals(1, first);
        assertEquals(first, c.leader(0).orElseThrow());
        assertEquals("ok", ops.get(0).value().path("results").path("0").asText());
    }

    @Test
    void aReassignmentThatNeverCompletesIsRecordedAsNotHeld() {
        FakeCluster c = new FakeCluster(4, List.of(List.of(1, 2, 3)));
        c.throttle(List.of(1), 1); // a throttle no one lifts: the move stays in progress
        List<Op> ops = run(c, ctx -> new ReassignNemesis(options("reassign-shape", "replace", "reassign-timeout-seconds", "1")).inject(ctx));
        assertEquals(OpType.INFO, ops.get(0).type());
        assertFalse(ops.get(0).value().path("held").asBoolean(true));
        assertTrue(ops.get(0).value().path("progress").get(0).path("adding").path("0").size() == 1, ops.get(0).value().toString());
    }

    @Test
    void reassignCancelHoldsWhileInProgressAndItsHealBringsTheOldSetBack() {
        FakeCluster c = new FakeCluster(4, List.of(List.of(1, 2, 3)));
        List<Op> ops = run(c, ctx -> {
            Fault f = new ReassignCancelNemesis(NemesisOptions.none()).inject(ctx);
            assertEquals(1, ctx.operations().reassignments().orElseThrow().size(), "in progress until its cancel");
            f.heal();
        });
        assertEquals(List.of("throttled-reassign", "cancel-reassignment"), ops.stream().map(Op::f).toList());
        assertTrue(ops.get(1).value().path("cancelled").asBoolean(), ops.get(1).value().toString());
        assertEquals(List.of(1, 2, 3), c.replicas(0));
        assertTrue(c.calls.contains("throttle [1, 2, 3, 4] 0"), c.calls.toString());
        assertEquals(OpType.OK, ops.get(1).type(), ops.get(1).toString());
        assertEquals(List.of(), c.throttleConfigs(List.of(1, 2, 3, 4)).orElseThrow());
    }

    @Test
    void aCancelWhoseThrottleRemovalIsNotReadBackIsNotDone() {
        FakeCluster c = new FakeCluster(4, List.of(List.of(1, 2, 3))).liftsLost();
        List<Op> ops = run(c, ctx -> new ReassignCancelNemesis(NemesisOptions.none()).inject(ctx).heal());
        assertEquals("cancel-reassignment", ops.get(1).f());
        assertTrue(ops.get(1).value().path("cancelled").asBoolean(), "the old set is back: " + ops.get(1));
        assertEquals(OpType.INFO, ops.get(1).type(), "the throttle configs are still set: " + ops.get(1));
        assertTrue(ops.get(1).error().contains("throttle"), ops.get(1).error());
    }

    @Test
    void electLeadersMovesALeaderBackToItsPreferredReplica() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3), List.of(2, 3, 1)));
        c.kill(1);
        c.leader(0); // the fake fails the leadership over to node 2
        c.start(1);
        List<Op> ops = run(c, ctx -> new ElectLeadersNemesis(NemesisOptions.none()).inject(ctx));
        Op op = ops.get(0);
        assertEquals("elect-leaders", op.f());
        assertEquals(1, c.leader(0).orElseThrow());
        assertEquals("ok", op.value().path("results").path("0").asText());
        assertEquals("ElectionNotNeededException", op.value().path("results").path("1").asText());
        assertEquals(2, op.value().path("leaders-before").path("0").asInt());
        assertEquals(1, op.value().path("leaders-after").path("0").asInt());
        assertEquals(1, op.value().path("elected").asInt(-1), op.value().toString());
        assertEquals("[0]", op.value().path("elected-partitions").toString());
    }

    @Test
    void electLeadersOnABalancedClusterIsRecordedAsElectingNone() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3), List.of(2, 3, 1)));
        Op op = run(c, ctx -> new ElectLeadersNemesis(NemesisOptions.none()).inject(ctx)).get(0);
        assertEquals(OpType.OK, op.type());
        assertEquals("ElectionNotNeededException", op.value().path("results").path("0").asText());
        assertEquals(0, op.value().path("elected").asInt(-1), "the election moved no leader: " + op.value());
        assertEquals("[]", op.value().path("elected-partitions").toString());
    }

    /** Partition 0 of replicas [1, 2, 3] without a leader: 1, its leader, killed while node 4 is paused (no automatic election), its ISR as given. */
    private static FakeCluster leaderless(List<Integer> isr) {
        FakeCluster c = new FakeCluster(4, List.of(List.of(1, 2, 3)));
        c.pause(4);
        c.kill(1);
        return c.isrStuckAt(0, isr);
    }

    @Test
    void anUncleanElectionHoldsOnceAReplicaOutsideTheFormerIsrLeads() {
        FakeCluster c = leaderless(List.of(1));
        Op op = run(c, ctx -> new ElectLeadersNemesis(options("election", "unclean")).inject(ctx)).get(0);
        assertEquals(OpType.OK, op.type(), op.toString());
        assertEquals(2, c.leader(0).orElseThrow());
        assertEquals("[1]", op.value().path("isr-before").path("0").toString());
        assertEquals(1, op.value().path("elected").asInt(-1), op.value().toString());
    }

    @Test
    void anUncleanElectionThatKafkaAnsweredWithAnIsrLeaderIsNotHeld() {
        FakeCluster c = leaderless(List.of(1, 2)); // Kafka elects 2 cleanly: no replica outside the ISR leads
        Op op = run(c, ctx -> new ElectLeadersNemesis(options("election", "unclean")).inject(ctx)).get(0);
        assertEquals("ok", op.value().path("results").path("0").asText());
        assertEquals(2, c.leader(0).orElseThrow());
        assertEquals(OpType.INFO, op.type(), "a leader from the former ISR is no unclean election: " + op);
        assertFalse(op.value().path("held").asBoolean(true));
    }

    @Test
    void addPartitionsGrowsTheTopicUpToItsMaximum() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2), List.of(2, 3)));
        NemesisOptions o = options("add-partitions-count", "2", "add-partitions-max", "5");
        List<Op> ops = run(c, ctx -> {
            new AddPartitionsNemesis(o).inject(ctx);
            new AddPartitionsNemesis(o).inject(ctx);
            assertEquals(Fault.NONE, new AddPartitionsNemesis(o).inject(ctx));
        });
        assertEquals(5, c.partitions());
        assertEquals(List.of("2->4", "4->5"), ops.stream().map(op -> op.value().path("from").asInt() + "->" + op.value().path("to").asInt()).toList());
    }

    @Test
    void alterConfigSetsTheValueAndItsHealRemovesTheOverride() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        List<Op> ops = run(c, ctx -> {
            Fault f = new AlterConfigNemesis(NemesisOptions.none()).inject(ctx);
            assertEquals("3", ctx.operations().topicConfig("min.insync.replicas").orElseThrow().value());
            f.heal();
            assertEquals("2", ctx.operations().topicConfig("min.insync.replicas").orElseThrow().value());
            assertFalse(ctx.operations().topicConfig("min.insync.replicas").orElseThrow().override());
        });
        assertEquals(List.of("alter-config", "restore-config"), ops.stream().map(Op::f).toList());
        assertEquals("2", ops.get(0).value().path("from").asText());
        assertTrue(c.calls.contains("config min.insync.replicas=null"), c.calls.toString());
        assertEquals(List.of(OpType.OK, OpType.OK), ops.stream().map(Op::type).toList());
        assertEquals("[1,2,3]", ops.get(0).value().path("reported-by").toString(), "every broker hosting the topic: " + ops.get(0));
        assertEquals("[1,2,3]", ops.get(1).value().path("reported-by").toString(), ops.get(1).toString());
    }

    @Test
    void alterConfigIsNotHeldWhileABrokerHostingTheTopicReportsTheOldValue() {
        FakeCluster c = new FakeCluster(4, List.of(List.of(1, 2), List.of(2, 3))).configLagsOn(3).configLagsOn(4);
        Op op = run(c, ctx -> new AlterConfigNemesis(NemesisOptions.none()).inject(ctx)).get(0);
        assertEquals("3", c.topicConfig("min.insync.replicas").orElseThrow().value(), "a broker reports the new value");
        assertEquals(OpType.INFO, op.type(), "broker 3 hosts partition 1 and still reports 2: " + op);
        assertTrue(op.error().contains("broker 3: 2") && !op.error().contains("broker 4"), op.error());
    }

    @Test
    void alterConfigRefusesASettingThatIsNotKeyEqualsValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new AlterConfigNemesis(options("alter-config", "retention.ms")));
        assertTrue(e.getMessage().contains("KEY=VALUE"), e.getMessage());
    }

    @Test
    void drainBrokerMovesEveryReplicaOffStopsItAndItsHealReturnsThem() {
        FakeCluster c = new FakeCluster(4, List.of(List.of(1, 2, 3), List.of(2, 3, 4), List.of(3, 4, 1)));
        List<List<Integer>> before = List.of(c.replicas(0), c.replicas(1), c.replicas(2));
        List<Op> ops = run(c, ctx -> {
            Fault f = new DrainBrokerNemesis(NemesisOptions.none()).inject(ctx);
            int drained = ctx.cluster().nodeIds().stream().filter(n -> !ctx.cluster().isRunning(n)).findFirst().orElseThrow();
            for (int p = 0; p < 3; p++) assertFalse(c.replicas(p).contains(drained), "partition " + p + " " + c.replicas(p));
            f.heal();
        });
        assertEquals(List.of("drain-broker", "stop", "start", "reassign"), ops.stream().map(Op::f).toList());
        assertEquals(before, List.of(c.replicas(0), c.replicas(1), c.replicas(2)));
        assertEquals("return", ops.get(3).value().path("shape").asText());
        assertEquals(new HashSet<>(c.nodeIds()), new HashSet<>(c.nodeIds().stream().filter(c::isRunning).toList()));
    }

    @Test
    void drainBrokerDoesNothingWhereNoBrokerIsOutsideAReplicaSet() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        assertTrue(run(c, ctx -> assertEquals(Fault.NONE, new DrainBrokerNemesis(NemesisOptions.none()).inject(ctx))).isEmpty());
    }
}
