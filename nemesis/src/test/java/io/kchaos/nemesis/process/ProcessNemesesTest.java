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
    private static final IsrShrinkNemesis ISR_SHRINK = new IsrShrinkNemesis("isr-shrink", LeaderCrash.KILL, Duration.ofSeconds(2), Duration.ofMillis(10),
            Duration.ofSeconds(2));

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
            f.heal();
        }
        assertEquals(List.of("pause 2", "kill 1", "resume 2", "start 1"), c.calls);
        assertEquals(List.of("pause [2]", "kill [1]", "resume [2]", "start [1]"), nemesisOps(h));
    }

    @Test
    void isrShrinkTakesTheLoneLeaderDownWithTheCrashItIsGiven(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2)));
        LeaderCrash powerLoss = (ctx, nodes, value) -> ctx.recorder().record("power-loss", value, () -> nodes.forEach(c::kill));
        Path h = dir.resolve("h.jsonl");
        try (HistoryWriter w = new HistoryWriter(h)) {
            IsrShrinkNemesis n = new IsrShrinkNemesis("isr-shrink-power-loss", powerLoss, Duration.ofSeconds(2), Duration.ofMillis(10), Duration.ofSeconds(2));
            n.inject(new NemesisContext(c, c, new NemesisRecorder(w), new Random(1))).heal();
        }
        assertEquals(List.of("pause [2]", "power-loss [1]", "resume [2]", "start [1]"), nemesisOps(h));
    }

    @Test
    void isrShrinkRefusesToPauseAQuorumMajority(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        try (HistoryWriter w = new HistoryWriter(dir.resolve("h.jsonl"))) {
            NemesisContext ctx = new NemesisContext(c, c, new NemesisRecorder(w), new Random(1));
            String e = assertThrows(IllegalStateException.class, () -> ISR_SHRINK.inject(ctx)).getMessage();
            assertTrue(e.contains("majority of the KRaft quorum"), e);
        }
        assertEquals(List.of(), c.calls, "nothing was paused");
    }

    @Test
    void isrShrinkResumesTheFollowersWhenTheIsrDoesNotShrink(@TempDir Path dir) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2)));
        c.isrShrinks(false);
        try (HistoryWriter w = new HistoryWriter(dir.resolve("h.jsonl"))) {
            NemesisContext ctx = new NemesisContext(c, c, new NemesisRecorder(w), new Random(1));
            String e = assertThrows(IllegalStateException.class, () -> ISR_SHRINK.inject(ctx)).getMessage();
            assertTrue(e.contains("did not shrink"), e);
        }
        assertEquals(List.of("pause 2", "resume 2"), c.calls, "the leader was left alone, the follower resumed");
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
