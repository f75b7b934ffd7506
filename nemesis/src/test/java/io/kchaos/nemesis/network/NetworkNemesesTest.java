package io.kchaos.nemesis.network;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Op;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.cluster.Capability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NetworkNemesesTest {
    @TempDir
    Path dir;

    private record Run(FakeCluster cluster, List<String> lines) {
    }

    /** Injects one fault from the nemesis, heals it, and returns the network calls and the history lines. */
    private Run injectAndHeal(io.kchaos.nemesis.FaultInjector nemesis, boolean withNetwork, long seed) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(2, 1, 3)));
        if (withNetwork) c.withNetwork();
        Path file = dir.resolve("h-" + seed + ".jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            NemesisContext ctx = new NemesisContext(c, c, new NemesisRecorder(w), new Random(seed * 0x9E3779B97F4A7C15L));
            Fault f = nemesis.inject(ctx);
            f.heal();
            f.heal();
        }
        List<String> lines = new ArrayList<>();
        HistoryFile.open(file).forEach((Op op) -> lines.add(op.type().wire() + " " + op.f() + " " + op.value()));
        return new Run(c, lines);
    }

    @Test
    void partitionRecordsItsExactTargetAndHealUndoesExactlyIt() {
        Run r = injectAndHeal(new PartitionNemesis(List.of(Topology.LEADER)), true, 1);
        String v = "{\"partition\":[[2],[1,3]],\"cut\":[[1,2],[2,3]],\"topology\":\"leader\",\"leader-of\":0}";
        assertEquals(List.of("invoke partition " + v, "ok partition " + v, "invoke heal " + v, "ok heal " + v), r.lines());
        assertEquals(List.of("partition [[2], [1, 3]]", "heal-partitions"), r.cluster().calls, "heal runs once");
    }

    @Test
    void clientPartitionCutsSomeButNotAllNodes() {
        for (long seed = 0; seed < 20; seed++) {
            Run r = injectAndHeal(new ClientPartitionNemesis(), true, seed);
            String call = r.cluster().calls.get(0);
            assertTrue(call.matches("partition-clients \\[\\d(, \\d)?]"), call);
            assertEquals("heal-partitions", r.cluster().calls.get(1));
            assertTrue(r.lines().get(0).startsWith("invoke partition-clients {\"nodes\":["), r.lines().get(0));
        }
    }

    @Test
    void slowAndFlakyRecordLatencyAndLossOnOneNodeOrAll() {
        boolean sawOne = false;
        boolean sawAll = false;
        for (long seed = 0; seed < 20; seed++) {
            Run r = injectAndHeal(new SlowNemesis(200, 50), true, seed);
            String call = r.cluster().calls.get(0);
            sawAll |= call.equals("slow [1, 2, 3] 200 50");
            sawOne |= call.matches("slow \\[\\d] 200 50");
            assertTrue(r.lines().get(0).matches("invoke slow \\{\"nodes\":\\[[\\d,]+],\"latency-ms\":200,\"jitter-ms\":50}"), r.lines().get(0));
            assertEquals("heal-links", r.cluster().calls.get(1));
        }
        assertTrue(sawOne && sawAll, "both one node's links and all links are chosen");
        Run f = injectAndHeal(new FlakyNemesis(20), true, 3);
        assertTrue(f.lines().get(0).matches("invoke flaky \\{\"nodes\":\\[[\\d,]+],\"loss-percent\":20.0}"), f.lines().get(0));
        assertTrue(f.cluster().calls.get(0).matches("flaky \\[[\\d, ]+] 20.0"));
    }

    @Test
    void withoutNetworkControlNothingIsInjectedOrRecorded() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        NemesisContext ctx = new NemesisContext(c, c, null, new Random(1));
        assertSame(Fault.NONE, new PartitionNemesis(List.of(Topology.ONE)).inject(ctx));
        assertSame(Fault.NONE, new SlowNemesis(100, 0).inject(ctx));
        assertSame(Fault.NONE, new FlakyNemesis(5).inject(ctx));
        assertSame(Fault.NONE, new ClientPartitionNemesis().inject(ctx));
    }

    @Test
    void registryKnowsWhichFaultsNeedTheNetwork() {
        NemesisRegistry r = NemesisRegistry.builtIn();
        assertTrue(r.namesRequiring(Capability.NETWORK).containsAll(List.of("partition", "partition-clients", "slow", "flaky")));
        assertEquals(List.of("slow"), r.namesRequiring(Capability.LINK_DELAY));
        assertTrue(r.namesRequiring(Capability.NETWORK).stream().noneMatch(n -> n.startsWith("kill") || n.startsWith("pause")));
    }
}
