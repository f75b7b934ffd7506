package io.kchaos.nemesis.process;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Op;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** isr-shrink and rolling-restart on a simulated cluster: the exact actions, their order, and what they refuse. */
class ProcessNemesesTest {
    private static final IsrShrinkNemesis ISR_SHRINK = new IsrShrinkNemesis("isr-shrink", IsrShrinkNemesis.Holds.ONCE_A_FOLLOWER_LEADS, LeaderCrash.KILL, Duration.ofSeconds(2), Duration.ofMillis(10),
            Duration.ofMillis(500));

    private static List<String> nemesisOps(Path history) {
        List<String> ops = new ArrayList<>();
        HistoryFile.open(history).forEach((Op op) -> {
            if (op.isNemesis() && !op.isInvoke()) ops.add(op.f() + " " + op.value().path("nodes"));
        });
        return ops;
    }

    @Test
    void isrShrinkPausesTheFollowerUntilTheLeaderIsAloneThenKillsTheLeader(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2)));
        Path h = dir.resolve("h.jsonl");
        Fault f;
        try (HistoryWriter w = new HistoryWriter(h)) {
            NemesisContext ctx = new NemesisContext(c, c, new NemesisRecorder(w), new Random(1));
            f = ISR_SHRINK.inject(ctx);
            assertEquals(List.of("pause 2", "kill 1", "resume 2"), c.calls);
            assertTrue(f.description().contains("ISR shrunk to leader 1") && f.description().endsWith("node 2 elected"), f.description());
            assertTrue(f.held());
            f.heal();
        }
        assertEquals(List.of("pause 2", "kill 1", "resume 2", "start 1"), c.calls);
        assertEquals(List.of("pause [2]", "kill [1]", "resume [2]", "unclean-election ", "start [1]"), nemesisOps(h));
    }

    /**
     * The note reads back what the election cost: the old leader committed up to 160 alone (from 100 when the ISR shrank),
     * the stale follower was elected with its log ending at 120, so 120..159 were committed and are gone from the new leader's log.
     */
    @Test
    void theUncleanElectionNoteNamesTheCommittedOffsetsTheNewLeaderLacks(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2))).highWatermarks(100, 160).epochStarts(120);
        Path h = dir.resolve("h.jsonl");
        try (HistoryWriter w = new HistoryWriter(h)) {
            ISR_SHRINK.inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(1))).heal();
        }
        Op note = note(h);
        assertEquals("ok", note.type().toString().toLowerCase(), note.toString());
        assertEquals(100, note.value().path("high-watermark-at-shrink").asLong());
        assertEquals(160, note.value().path("high-watermark-at-crash").asLong());
        assertEquals(2, note.value().path("new-leader").asInt());
        assertEquals(120, note.value().path("new-leader-log-end").asLong());
        assertEquals("{\"from\":120,\"to\":160,\"count\":40}", note.value().path("committed-missing").toString());
    }

    /** No follower elected before the wait ends: the note is info, not held, the fault is not counted, its heal still restarts the leader. */
    @Test
    void anAttemptWithoutElectionIsNotHeldButStillHealed(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2)));
        Path h = dir.resolve("h.jsonl");
        IsrShrinkNemesis noWait = new IsrShrinkNemesis("isr-shrink", IsrShrinkNemesis.Holds.ONCE_A_FOLLOWER_LEADS, (ctx, nodes, value) -> ctx.recorder().record("kill", value,
                () -> nodes.forEach(n -> {
                    c.kill(n);
                    c.pause(3); // keeps the fake from electing the follower (it elects only once nothing is paused)
                })), Duration.ofSeconds(2), Duration.ofMillis(10), Duration.ofMillis(300));
        try (HistoryWriter w = new HistoryWriter(h)) {
            Fault f = noWait.inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(1)));
            assertTrue(!f.held(), f.description());
            f.heal();
        }
        assertTrue(c.calls.contains("start 1"), "healed: " + c.calls);
        Op note = note(h);
        assertEquals("info", note.type().toString().toLowerCase());
        assertEquals(false, note.value().path("held").asBoolean(true));
        assertTrue(note.error().contains("no follower of 1 leads partition 0"), note.error());
    }

    /** isr-shrink-power-loss tests whether Kafka elects the follower at all: its attempt holds once the leader is down. */
    @Test
    void aPowerLossAttemptHoldsWithoutAnElection(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2)));
        Path h = dir.resolve("h.jsonl");
        IsrShrinkNemesis n = new IsrShrinkNemesis("isr-shrink-power-loss", IsrShrinkNemesis.Holds.ONCE_THE_LEADER_IS_DOWN,
                (ctx, nodes, value) -> ctx.recorder().record("power-loss", value, () -> nodes.forEach(x -> {
                    c.kill(x);
                    c.pause(3);
                })), Duration.ofSeconds(2), Duration.ofMillis(10), Duration.ofMillis(300));
        try (HistoryWriter w = new HistoryWriter(h)) {
            Fault f = n.inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(1)));
            assertTrue(f.held(), f.description());
            f.heal();
        }
        Op note = note(h);
        assertEquals("ok", note.type().toString().toLowerCase());
        assertTrue(note.value().path("leader-seen").isNull(), note.value().toString());
    }

    /** With partitions to choose from, the one whose follower is the active controller is left alone. */
    @Test
    void theActiveControllerIsNotPausedWhenAnotherTargetExists(@TempDir Path dir) {
        for (int seed = 0; seed < 5; seed++) {
            FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2), List.of(1, 3))).quorumLedBy(2);
            try (HistoryWriter w = new HistoryWriter(dir.resolve("h" + seed + ".jsonl"))) {
                ISR_SHRINK.inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(seed), io.kchaos.nemesis.cluster.CoordinatorView.NONE, c));
            }
            assertEquals("pause 3", c.calls.get(0), "seed " + seed + ": " + c.calls);
        }
    }

    private static Op note(Path history) {
        List<Op> notes = new ArrayList<>();
        HistoryFile.open(history).forEach((Op op) -> {
            if (op.isNemesis() && !op.isInvoke() && op.f().equals("unclean-election")) notes.add(op);
        });
        assertEquals(1, notes.size(), notes.toString());
        return notes.get(0);
    }

    @Test
    void isrShrinkTakesTheLoneLeaderDownWithTheCrashItIsGiven(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2)));
        LeaderCrash powerLoss = (ctx, nodes, value) -> ctx.recorder().record("power-loss", value, () -> nodes.forEach(c::kill));
        Path h = dir.resolve("h.jsonl");
        try (HistoryWriter w = new HistoryWriter(h)) {
            // no follower is elected on the fake: the election wait runs out whatever its length (300 ms, as below)
            IsrShrinkNemesis n = new IsrShrinkNemesis("isr-shrink-power-loss", IsrShrinkNemesis.Holds.ONCE_THE_LEADER_IS_DOWN, powerLoss, Duration.ofSeconds(2), Duration.ofMillis(10), Duration.ofMillis(300));
            n.inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(1))).heal();
        }
        assertEquals(List.of("pause [2]", "power-loss [1]", "resume [2]", "unclean-election ", "start [1]"), nemesisOps(h));
    }

    @Test
    void isrShrinkRefusesToPauseAQuorumMajority(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        try (HistoryWriter w = new HistoryWriter(dir.resolve("h.jsonl"))) {
            NemesisContext ctx = new NemesisContext(c, c, new NemesisRecorder(w), new Random(1));
            String e = assertThrows(IllegalStateException.class, () -> ISR_SHRINK.inject(ctx)).getMessage();
            assertTrue(e.contains("voters of the KRaft quorum, a majority"), e);
        }
        assertEquals(List.of(), c.calls, "nothing was paused");
    }

    @Test
    void isrShrinkResumesTheFollowersWhenTheIsrDoesNotShrink(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2)));
        c.isrShrinks(false);
        // the ISR never shrinks on this fake: the shrink wait runs out whatever its length (ISR_SHRINK's 2 s or this 300 ms)
        IsrShrinkNemesis neverShrinks = new IsrShrinkNemesis("isr-shrink", IsrShrinkNemesis.Holds.ONCE_A_FOLLOWER_LEADS, LeaderCrash.KILL,
                Duration.ofMillis(300), Duration.ofMillis(10), Duration.ofMillis(500));
        try (HistoryWriter w = new HistoryWriter(dir.resolve("h.jsonl"))) {
            NemesisContext ctx = new NemesisContext(c, c, new NemesisRecorder(w), new Random(1));
            assertEquals(Fault.NONE, neverShrinks.inject(ctx), "nothing to heal, nothing counted");
        }
        assertEquals(List.of("pause 2", "resume 2"), c.calls, "the leader was left alone, the follower resumed");
        Op note = note(dir.resolve("h.jsonl"));
        assertEquals("info", note.type().toString().toLowerCase());
        assertTrue(note.error().contains("did not shrink"), note.error());
        assertEquals("[1,2]", note.value().path("isr-seen").toString(), "what was seen");
    }

    @Test
    void isrShrinkSkipsWhenNoPartitionHasAFullIsr(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2)));
        c.pause(2);
        c.calls.clear();
        try (HistoryWriter w = new HistoryWriter(dir.resolve("h.jsonl"))) {
            assertEquals(Fault.NONE, ISR_SHRINK.inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(1))));
        }
        assertEquals(List.of(), c.calls);
    }

    @Test
    void rollingRestartStopsAndStartsEveryNodeInTurn(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3), List.of(2, 3, 1)));
        Path h = dir.resolve("h.jsonl");
        try (HistoryWriter w = new HistoryWriter(h)) {
            Fault f = new RollingRestartNemesis(Duration.ofSeconds(2)).inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(1)));
            assertEquals("rolling restart of 3 of 3 nodes, ISR full again", f.description());
        }
        assertEquals(List.of("stop 1", "start 1", "stop 2", "start 2", "stop 3", "start 3"), c.calls);
        assertEquals(List.of("stop [1]", "start [1]", "stop [2]", "start [2]", "stop [3]", "start [3]"), nemesisOps(h));
    }

    @Test
    void rollingRestartWaitsForAFullIsrAndStopsWhenItNeverComes(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2)));
        c.pause(2);
        c.calls.clear();
        try (HistoryWriter w = new HistoryWriter(dir.resolve("h.jsonl"))) {
            Fault f = new RollingRestartNemesis(Duration.ofMillis(600)).inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(1)));
            assertEquals(Fault.NONE, f);
        }
        assertEquals(List.of(), c.calls, "no node restarted while a replica is out of sync");
    }
}
