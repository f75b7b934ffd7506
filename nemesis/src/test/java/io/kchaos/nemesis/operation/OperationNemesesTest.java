package io.kchaos.nemesis.operation;

import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
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
    /**
     * The read-back bound the negative cases pass instead of {@code EffectWait.BOUND} (10 s): their fake never reports
     * the effect, so any bound ends in the same not-held outcome; the positive cases keep the production bound.
     */
    private static final Duration NEVER_READ_BACK = Duration.ofMillis(300);

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
    void replicasAfterIsTheReadThatFoundTheNewSetInPlace() {
        // OperationsRunTest once recorded a shrink held with its old set: a second read had asked a lagging broker
        FakeCluster c = new FakeCluster(4, List.of(List.of(1, 2, 3))).lagAfterMoves();
        List<Op> ops = run(c, ctx -> new ReassignNemesis(options("reassign-shape", "shrink")).inject(ctx));
        Op op = ops.get(0);
        assertEquals(OpType.OK, op.type(), op.toString());
        assertEquals(op.value().path("to").path("0").toString(), op.value().path("replicas-after").path("0").toString(), op.toString());
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
        List<Op> ops = run(c, ctx -> new ReassignCancelNemesis(NemesisOptions.none()).inject(ctx.withEffectBound(NEVER_READ_BACK)).heal());
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
        Op op = run(c, ctx -> new ElectLeadersNemesis(options("election", "unclean")).inject(ctx.withEffectBound(NEVER_READ_BACK))).get(0);
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
        Op op = run(c, ctx -> new AlterConfigNemesis(NemesisOptions.none()).inject(ctx.withEffectBound(NEVER_READ_BACK))).get(0);
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

    /** Four brokers: the workload topic {@code t}, {@code __consumer_offsets}, {@code __transaction_state} and a second workload topic. */
    private static FakeCluster fourBrokersWithInternalTopics() {
        return new FakeCluster(4, List.of(List.of(1, 2, 3), List.of(2, 3, 4)))
                .withTopic("__consumer_offsets", List.of(List.of(1, 2, 3), List.of(2, 3, 4), List.of(3, 4, 1), List.of(4, 1, 2)))
                .withTopic("__transaction_state", List.of(List.of(1, 2, 3), List.of(2, 3, 4), List.of(3, 4, 1)))
                .withTopic("kchaos-txn-out", List.of(List.of(4, 1), List.of(1, 2)));
    }

    private static Map<String, List<List<Integer>>> everyReplicaSet(FakeCluster c) {
        Map<String, List<List<Integer>>> out = new LinkedHashMap<>();
        c.everyPartition().orElseThrow().forEach((tp, r) -> out.computeIfAbsent(tp.topic(), t -> new java.util.ArrayList<>()).add(r.replicas()));
        return out;
    }

    /**
     * Positive control: the drained broker is stopped only once no replica set of any topic (internal ones included)
     * names it and it reports no partition directory ({@code hosted-after: 0}); the op lists the moved partitions per
     * topic and keeps the workload topic's fields; the heal moves every topic's replicas back.
     */
    @Test
    void drainBrokerMovesEveryTopicsReplicasOffInternalOnesTooAndItsHealReturnsThemAll() {
        FakeCluster c = fourBrokersWithInternalTopics();
        Map<String, List<List<Integer>>> before = everyReplicaSet(c);
        List<Op> ops = run(c, ctx -> {
            Fault f = new DrainBrokerNemesis(NemesisOptions.none()).inject(ctx);
            int drained = c.nodeIds().stream().filter(n -> !c.isRunning(n)).findFirst().orElseThrow();
            everyReplicaSet(c).forEach((t, sets) -> sets.forEach(r -> assertFalse(r.contains(drained), t + " " + r + " still names " + drained)));
            f.heal();
        });
        assertEquals(List.of("drain-broker", "stop", "start", "reassign"), ops.stream().map(Op::f).toList());
        assertTrue(ops.stream().allMatch(o -> o.type() == OpType.OK), ops.toString());
        com.fasterxml.jackson.databind.JsonNode v = ops.get(0).value();
        int drained = v.path("nodes").get(0).asInt();
        assertEquals(0, v.path("hosted-after").asInt(-1), v.toString());
        for (String t : List.of("t", "__consumer_offsets", "__transaction_state", "kchaos-txn-out")) {
            List<Integer> hosting = new java.util.ArrayList<>();
            for (int p = 0; p < before.get(t).size(); p++) if (before.get(t).get(p).contains(drained)) hosting.add(p);
            List<Integer> listed = new java.util.ArrayList<>();
            v.path("topics").path(t).forEach(n -> listed.add(n.asInt()));
            assertEquals(hosting, listed, t + " partitions moved off broker " + drained + ": " + v);
        }
        v.path("partitions").forEach(p -> {
            assertTrue(p.isInt(), "the workload topic's partitions stay numbers: " + v);
            assertEquals(v.path("to").path(p.asText()), v.path("replicas-after").path(p.asText()), v.toString());
        });
        assertTrue(v.path("to").has("__consumer_offsets-0") || v.path("to").has("__consumer_offsets-2"), v.toString());
        assertEquals(before, everyReplicaSet(c), "the heal moved every topic back");
        assertEquals("return", ops.get(3).value().path("shape").asText());
        assertEquals(v.path("from"), ops.get(3).value().path("replicas-after"), "the return read back: " + ops.get(3).value());
    }

    /**
     * Negative control: a broker that still reports a directory of {@code __consumer_offsets} after every replica set
     * moved off it is not drained: the op is info with what was read back ({@code hosted-after}), and nothing is stopped.
     */
    @Test
    void drainBrokerIsNotHeldAndStopsNothingWhileTheBrokerStillHostsAnInternalTopicsReplica() {
        FakeCluster c = fourBrokersWithInternalTopics().dirsLinger("__consumer_offsets");
        List<Op> ops = run(c, ctx -> new DrainBrokerNemesis(options("reassign-timeout-seconds", "1")).inject(ctx).heal());
        assertEquals(List.of("drain-broker"), ops.stream().map(Op::f).toList(), "no stop, no heal: " + ops);
        Op op = ops.get(0);
        assertEquals(OpType.INFO, op.type());
        assertFalse(op.value().path("held").asBoolean(true), op.toString());
        assertTrue(op.value().path("hosted-after").asInt() >= 1, op.toString());
        op.value().path("hosted-after-partitions").forEach(n -> assertTrue(n.asText().startsWith("__consumer_offsets-"), op.toString()));
        assertTrue(c.nodeIds().stream().allMatch(c::isRunning), "no broker stopped: " + c.calls);
    }

    /** The workload topic's partitions are named by number, any other topic's {@code <topic>-<partition>} (dashes in its name too), and parse back. */
    @Test
    void everyTopicPlacementNamesPartitionsAndParsesThemBack() {
        EveryTopicPlacement where = new EveryTopicPlacement(new FakeCluster(3, List.of(List.of(1, 2))).context(null, 1));
        for (org.apache.kafka.common.TopicPartition tp : List.of(new org.apache.kafka.common.TopicPartition("t", 12),
                new org.apache.kafka.common.TopicPartition("__consumer_offsets", 7), new org.apache.kafka.common.TopicPartition("kchaos-txn-out", 3))) {
            assertEquals(tp, where.parse(where.name(tp)), where.name(tp));
        }
        assertEquals("12", where.name(new org.apache.kafka.common.TopicPartition("t", 12)));
    }

    /** A replay of a recorded drain moves every topic it names to its recorded replicas, read back. */
    @Test
    void aReplayedDrainMovesEveryTopicItNames() throws Exception {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2))).withTopic("kchaos-txn-out", List.of(List.of(1, 2), List.of(2, 1)));
        com.fasterxml.jackson.databind.node.ObjectNode v = (com.fasterxml.jackson.databind.node.ObjectNode) io.kchaos.history.Json.MAPPER
                .readTree("{\"to\": {\"0\": [3, 2], \"kchaos-txn-out-1\": [2, 3]}}");
        MoveWatch.replay(c.context(null, 1), v, java.time.Duration.ofSeconds(5));
        assertEquals(List.of(3, 2), c.replicasOf("t", 0));
        assertEquals(List.of(2, 3), c.replicasOf("kchaos-txn-out", 1));
        assertEquals(List.of(1, 2), c.replicasOf("kchaos-txn-out", 0));
        assertEquals("[2,3]", v.path("replicas-after").path("kchaos-txn-out-1").toString(), v.toString());
    }

    /** A broker hosting a partition of an internal topic that every running broker already replicates is no candidate. */
    @Test
    void drainBrokerDoesNothingWhereAnInternalTopicHasNoBrokerOutsideItsSet() {
        FakeCluster c = new FakeCluster(4, List.of(List.of(1, 2))).withTopic("__consumer_offsets", List.of(List.of(1, 2, 3, 4)));
        assertTrue(run(c, ctx -> assertEquals(Fault.NONE, new DrainBrokerNemesis(NemesisOptions.none()).inject(ctx))).isEmpty());
    }

    @Test
    void drainBrokerDoesNothingWhereNoBrokerIsOutsideAReplicaSet() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        assertTrue(run(c, ctx -> assertEquals(Fault.NONE, new DrainBrokerNemesis(NemesisOptions.none()).inject(ctx))).isEmpty());
    }
}
