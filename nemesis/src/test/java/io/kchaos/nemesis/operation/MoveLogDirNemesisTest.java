package io.kchaos.nemesis.operation;

import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.catalogue.FaultCatalogue;
import io.kchaos.nemesis.cluster.Capability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code move-log-dir} on a simulated JBOD cluster: the move read back, a move that never lands, the move back, one dir. */
class MoveLogDirNemesisTest {
    @TempDir
    Path dir;

    /** The nemesis completions of {@code action} on {@code c}. */
    private List<Op> run(FakeCluster c, Consumer<NemesisContext> action) {
        return c.nemesisCompletions(dir, action);
    }

    private static FakeCluster jbod() {
        return new FakeCluster(3, List.of(List.of(1, 2), List.of(2, 3), List.of(3, 1))).withLogDirs(2);
    }

    @Test
    void aMoveReadBackInTheNewDirIsOkWithFromAndTo() {
        FakeCluster c = jbod();
        Fault[] fault = new Fault[1];
        List<Op> ops = run(c, ctx -> fault[0] = new MoveLogDirNemesis(NemesisOptions.none()).inject(ctx));
        assertEquals(1, ops.size());
        Op op = ops.get(0);
        assertEquals(NemesisOps.MOVE_LOG_DIR.f(), op.f());
        assertEquals(OpType.OK, op.type(), op.toString());
        int broker = op.value().path("nodes").get(0).asInt();
        int partition = op.value().path("partition").asInt();
        String from = op.value().path("from").asText();
        String to = op.value().path("to").asText();
        assertEquals("/d/" + broker + "/disk-0", from);
        assertEquals("/d/" + broker + "/disk-1", to);
        assertEquals(to, c.replicaLogDir(broker, partition), "the replica is where the op says");
        assertTrue(op.value().has("took-ms"), op.value().toString());
        assertTrue(fault[0].held());
    }

    @Test
    void theHealMovesTheReplicaBackAndReadsItBack() {
        FakeCluster c = jbod();
        List<Op> ops = run(c, ctx -> new MoveLogDirNemesis(NemesisOptions.none()).inject(ctx).heal());
        assertEquals(List.of(NemesisOps.MOVE_LOG_DIR.f(), NemesisOps.RESTORE_LOG_DIR), ops.stream().map(Op::f).toList());
        Op back = ops.get(1);
        assertEquals(OpType.OK, back.type(), back.toString());
        assertEquals(ops.get(0).value().path("to").asText(), back.value().path("from").asText());
        assertEquals(ops.get(0).value().path("from").asText(), back.value().path("to").asText());
        int broker = back.value().path("nodes").get(0).asInt();
        assertEquals(back.value().path("to").asText(), c.replicaLogDir(broker, back.value().path("partition").asInt()));
    }

    @Test
    void aMoveThatNeverLandsIsInfoNotHeldAndItsHealIsStillAttempted() {
        FakeCluster c = jbod().logDirMovesStuck();
        Fault[] fault = new Fault[1];
        List<Op> ops = run(c, ctx -> {
            fault[0] = new MoveLogDirNemesis(Duration.ofMillis(300)).inject(ctx);
            fault[0].heal();
        });
        assertEquals(2, ops.size(), ops.toString());
        Op move = ops.get(0);
        assertEquals(OpType.INFO, move.type());
        assertFalse(move.value().path("held").asBoolean(true));
        assertTrue(move.error().contains("future replica in " + move.value().path("to").asText()), move.error());
        assertFalse(fault[0].held(), "not counted as injected");
        assertEquals(NemesisOps.RESTORE_LOG_DIR, ops.get(1).f());
        assertEquals(OpType.OK, ops.get(1).type(), "moving back to its own dir drops the future replica: " + ops.get(1));
        assertTrue(c.calls.stream().filter(s -> s.startsWith("move-log-dir")).count() == 2, c.calls.toString());
    }

    @Test
    void aimedAtLeadersItMovesOnlyAPartitionsLeader() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(2, 1, 3))).withLogDirs(2);
        List<Op> ops = run(c, ctx -> {
            for (int i = 0; i < 5; i++) new MoveLogDirNemesis(Duration.ofSeconds(5), true).inject(ctx).heal();
        });
        assertEquals(10, ops.size(), ops.toString());
        assertTrue(ops.stream().allMatch(op -> op.value().path("nodes").get(0).asInt() == 2), "node 2 leads: " + ops);
    }

    @Test
    void brokersWithOneDirOfferNothingToMove() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2)));
        List<Op> ops = run(c, ctx -> assertSame(Fault.NONE, new MoveLogDirNemesis(NemesisOptions.none()).inject(ctx)));
        assertEquals(List.of(), ops);
        assertNotEquals(true, c.calls.stream().anyMatch(s -> s.startsWith("move-log-dir")));
    }

    @Test
    void itNeedsJbodBrokers() {
        assertEquals(Set.of(Capability.JBOD), FaultCatalogue.spec("move-log-dir").orElseThrow().capabilities());
        assertTrue(FaultCatalogue.spec("move-log-dir").orElseThrow().needs().contains("--log-dirs"));
    }
}
