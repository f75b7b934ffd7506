package io.kchaos.nemesis.toxic;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.schedule.NemesisSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ToxicNemesesTest {
    @TempDir
    Path dir;

    /** Nodes 1-3, node 2 stopped (so never a target), leader 1; proxies when {@code withToxics}; calls logged from here on. */
    private static FakeCluster fake(boolean withToxics) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        if (withToxics) c.withToxics();
        c.kill(2);
        c.calls.clear();
        return c;
    }

    private record Run(List<String> calls, List<String> lines) {
    }

    /** Runs the action against a fake cluster with a fresh history and returns the control calls and history lines. */
    private Run run(long seed, boolean withToxics, Consumer<NemesisContext> action) {
        FakeCluster c = fake(withToxics);
        Path file = dir.resolve("h-" + seed + "-" + System.nanoTime() + ".jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            action.accept(new NemesisContext(c, c, new NemesisRecorder(w), new Random(seed)));
        }
        List<String> lines = new ArrayList<>();
        HistoryFile.open(file).forEach((Op op) -> lines.add(op.type().wire() + " " + op.f() + " " + op.value()));
        return new Run(c.calls, lines);
    }

    private Run injectAndHealTwice(FaultInjector n, long seed) {
        return run(seed, true, ctx -> {
            Fault f = n.inject(ctx);
            f.heal();
            f.heal();
        });
    }

    @Test
    void latencyHitsOneRunningNodeAndHealRemovesExactlyThatToxic() {
        Set<String> scopes = new java.util.HashSet<>();
        for (long seed = 0; seed < 30; seed++) {
            Run r = injectAndHealTwice(new ToxicNemesis(NemesisOps.TOXIC_LATENCY, new Toxic.Latency(500, 100)), seed);
            assertEquals(2, r.calls().size(), "one add, one remove (heal is idempotent): " + r.calls());
            String add = r.calls().get(0);
            assertTrue(add.matches("add \\[[13]] \\[(CLIENT|REPLICATION|CLIENT, REPLICATION)] Latency\\[latencyMs=500, jitterMs=100]"), add);
            String target = add.substring(4, add.indexOf(" Latency"));
            assertEquals("remove " + target, r.calls().get(1), "heal removes the toxic it added");
            assertTrue(r.lines().get(0).matches("invoke toxic-latency \\{\"nodes\":\\[[13]],\"traffic\":\\[[a-z\",]+],"
                    + "\"toxic\":\"latency\",\"latency-ms\":500,\"jitter-ms\":100}"), r.lines().get(0));
            assertTrue(r.lines().get(2).startsWith("invoke heal-toxic {\"nodes\":["), r.lines().get(2));
            assertEquals(4, r.lines().size(), "invoke/ok for the toxic and for its heal");
            scopes.add(target.substring(target.indexOf("] ") + 2));
        }
        assertEquals(Set.of("[CLIENT]", "[REPLICATION]", "[CLIENT, REPLICATION]"), scopes, "every traffic scope gets chosen");
    }

    @Test
    void eachToxicIsRecordedWithItsParameters() {
        assertTrue(injectAndHealTwice(new ToxicNemesis(NemesisOps.TOXIC_BANDWIDTH, new Toxic.Bandwidth(32)), 1).lines().get(0)
                .endsWith("\"toxic\":\"bandwidth\",\"rate-kb-per-s\":32}"));
        assertTrue(injectAndHealTwice(new ToxicNemesis(NemesisOps.TOXIC_TIMEOUT, new Toxic.Timeout(2000)), 1).lines().get(0)
                .endsWith("\"toxic\":\"timeout\",\"timeout-ms\":2000}"));
        assertTrue(injectAndHealTwice(new ToxicNemesis(NemesisOps.TOXIC_RESET, new Toxic.ResetPeer(0)), 1).lines().get(1)
                .matches("ok toxic-reset .*\"toxic\":\"reset_peer\",\"timeout-ms\":0}"));
    }

    @Test
    void isolateDisablesOneRunningNodesProxiesAndRejoinEnablesThem() {
        Run r = injectAndHealTwice(new IsolateNemesis(), 4);
        assertEquals(2, r.calls().size(), r.calls().toString());
        assertTrue(r.calls().get(0).matches("isolate \\[[13]]"), r.calls().get(0));
        assertEquals(r.calls().get(0).replace("isolate", "rejoin"), r.calls().get(1));
        String nodes = r.calls().get(0).substring("isolate ".length()).replace(" ", "");
        assertEquals(List.of("invoke isolate {\"nodes\":" + nodes + "}", "ok isolate {\"nodes\":" + nodes + "}",
                "invoke rejoin {\"nodes\":" + nodes + "}", "ok rejoin {\"nodes\":" + nodes + "}"), r.lines());
    }

    @Test
    void withoutToxiproxyTheyRefuseInsteadOfSilentlyInjectingNothing() {
        for (FaultInjector n : List.of(new IsolateNemesis(), new ToxicNemesis(NemesisOps.TOXIC_LATENCY, new Toxic.Latency(1, 0)))) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> run(1, false, n::inject));
            assertTrue(e.getMessage().contains("--backend docker"), e.getMessage());
        }
    }

    @Test
    void finalHealRemovesEveryToxicAndRecordsIt() {
        Run r = run(1, true, NemesisSchedule::finalHeal);
        assertTrue(r.calls().contains("heal-all"), r.calls().toString());
        assertTrue(r.lines().contains("invoke heal-toxic {\"nodes\":[1,2,3]}"), r.lines().toString());
        Run none = run(1, false, NemesisSchedule::finalHeal);
        assertTrue(none.lines().stream().noneMatch(l -> l.contains("heal-toxic")), "no proxies, nothing to heal");
    }

    @Test
    void registryKnowsTheFiveToxiproxyFaultsAndTheyNeedToxiproxy() {
        NemesisRegistry r = NemesisRegistry.builtIn();
        assertEquals(List.of("toxic-latency", "toxic-bandwidth", "toxic-timeout", "toxic-reset", "isolate"),
                r.namesRequiring(Capability.TOXIPROXY));
        for (Nemesis n : r.parse(List.of("toxic-latency", "isolate"))) assertEquals(Set.of(Capability.TOXIPROXY), n.requires());
        assertTrue(r.parse(List.of("kill-random", "pause")).stream().noneMatch(n -> n.requires().contains(Capability.TOXIPROXY)));
    }
}
