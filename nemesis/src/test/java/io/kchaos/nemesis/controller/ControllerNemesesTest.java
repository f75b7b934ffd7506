package io.kchaos.nemesis.controller;

import io.kchaos.history.FaultRole;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.catalogue.FaultCatalogue;
import io.kchaos.nemesis.catalogue.FaultSpec;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.cluster.NodeRole;
import io.kchaos.nemesis.process.KillNemesis;
import io.kchaos.nemesis.process.NodeTarget;
import io.kchaos.nemesis.replay.RecordedSchedule;
import io.kchaos.nemesis.replay.RoleResolver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** kill-controller, pause-controller and partition-controller against a fake cluster of 3 brokers and 3 controllers (ids 4-6, 4 leads). */
class ControllerNemesesTest {
    @TempDir
    Path dir;

    private static FakeCluster dedicated() {
        return new FakeCluster(3, List.of(List.of(1, 2, 3))).withNetwork().withControllers(3);
    }

    private List<String> injectAndHeal(FaultInjector nemesis, FakeCluster c) {
        return c.injectAndHeal(nemesis, dir);
    }

    @Test
    void killControllerKillsTheQuorumLeaderAndRecordsTheFailover() {
        FakeCluster c = dedicated();

        List<String> lines = injectAndHeal(new KillControllerNemesis(), c);

        String kill = "{\"nodes\":[4],\"role\":\"controller\",\"epoch\":1}";
        String start = "{\"nodes\":[4],\"role\":\"controller\",\"epoch\":1,\"controller-after\":{\"leader\":5,\"epoch\":2}}";
        assertEquals(List.of("invoke kill " + kill, "ok kill " + kill, "invoke start " + start, "ok start " + start), lines);
        assertEquals(List.of("kill 4", "start 4"), c.calls, "heal runs once");
    }

    @Test
    void stopControllerStopsTheQuorumLeaderCleanlyAndStartsIt() {
        FakeCluster c = dedicated();

        List<String> lines = injectAndHeal(new KillControllerNemesis(KillControllerNemesis.Way.STOP), c);

        assertEquals("invoke stop {\"nodes\":[4],\"role\":\"controller\",\"epoch\":1}", lines.get(0));
        assertTrue(lines.get(3).startsWith("ok start ") && lines.get(3).contains("\"controller-after\""), lines.get(3));
        assertEquals(List.of("stop 4", "start 4"), c.calls, "a clean stop, not a kill");
    }

    @Test
    void pauseControllerPausesTheQuorumLeaderAndResumesIt() {
        FakeCluster c = dedicated();

        List<String> lines = injectAndHeal(new PauseControllerNemesis(), c);

        assertEquals("invoke pause {\"nodes\":[4],\"role\":\"controller\",\"epoch\":1}", lines.get(0));
        assertTrue(lines.get(3).startsWith("ok resume ") && lines.get(3).contains("\"controller-after\":{\"leader\":5,\"epoch\":2}"), lines.get(3));
        assertEquals(List.of("pause 4", "resume 4"), c.calls);
    }

    @Test
    void partitionControllerCutsTheLeaderFromTheOtherVotersOnlyNotFromTheBrokers() {
        FakeCluster c = dedicated();

        List<String> lines = injectAndHeal(new PartitionControllerNemesis(PartitionControllerNemesis.Cut.VOTERS), c);

        assertEquals(List.of("partition [[1, 2, 3, 4], [1, 2, 3, 5, 6]]", "heal-partitions"), c.calls);
        String value = lines.get(0).substring("invoke partition ".length());
        assertEquals("{\"nodes\":[4],\"role\":\"controller\",\"epoch\":1,\"topology\":\"controller\","
                + "\"partition\":[[1,2,3,4],[1,2,3,5,6]],\"cut\":[[4,5],[4,6]],\"cut-off\":[4]}", value);
        assertTrue(lines.get(2).startsWith("invoke heal ") && lines.get(2).contains("\"controller-after\":{\"leader\":5,\"epoch\":2}"), lines.get(2));
    }

    @Test
    void partitionControllerBrokersCutsEveryBrokerFromTheLeaderOnly() {
        FakeCluster c = dedicated();

        List<String> lines = injectAndHeal(new PartitionControllerNemesis(PartitionControllerNemesis.Cut.BROKERS), c);

        assertEquals(List.of("partition [[4, 5, 6], [1, 2, 3, 5, 6]]", "heal-partitions"), c.calls);
        assertEquals("{\"nodes\":[4],\"role\":\"controller\",\"epoch\":1,\"topology\":\"controller-brokers\","
                + "\"partition\":[[4,5,6],[1,2,3,5,6]],\"cut\":[[1,4],[2,4],[3,4]],\"cut-off\":[1,2,3]}",
                lines.get(0).substring("invoke partition ".length()));
        assertTrue(lines.get(3).startsWith("ok heal "), "the heal is ok once the cut-off brokers are back: " + lines);
    }

    @Test
    void partitionControllerVoterCutsOneFollowerFromTheLeaderOnly() throws Exception {
        for (long seed = 0; seed < 10; seed++) {
            FakeCluster c = dedicated();
            java.util.List<String> lines = c.injectAndHeal(new PartitionControllerNemesis(PartitionControllerNemesis.Cut.VOTER), dir, seed);
            var value = Json.MAPPER.readTree(lines.get(0).substring("invoke partition ".length()));
            int follower = value.path("cut-off").path(0).asInt();
            assertTrue(follower == 5 || follower == 6, "a voter that follows, never the leader 4: " + value);
            assertEquals("[[4," + follower + "]]", value.path("cut").toString(), "only the link between the two: " + value);
            assertEquals("controller-voter", value.path("topology").asText());
        }
        assertSame(Fault.NONE, new PartitionControllerNemesis(PartitionControllerNemesis.Cut.VOTER)
                .inject(new FakeCluster(3, List.of(List.of(1, 2, 3))).withNetwork().withControllers(1).context(null, 1)), "no follower to cut");
    }

    @Test
    void theComponentsKeepEveryBrokerWithEveryVoter() {
        assertEquals(List.of(Set.of(1, 2, 6), Set.of(1, 2, 4, 5)), PartitionControllerNemesis.components(6, List.of(4, 5, 6), List.of(1, 2)));
    }

    @Test
    void inCombinedModeKillControllerHitsTheCombinedLeaderAndPartitionControllerInjectsNothing() {
        FakeCluster combined = new FakeCluster(3, List.of(List.of(1, 2, 3))).withNetwork().quorumLedBy(2);

        assertEquals(List.of(1, 2, 3), combined.voterIds());
        assertEquals(NodeRole.COMBINED, combined.role(2));
        injectAndHeal(new KillControllerNemesis(), combined);
        assertEquals(List.of("kill 2", "start 2"), combined.calls);
        assertSame(Fault.NONE, new PartitionControllerNemesis(PartitionControllerNemesis.Cut.VOTERS).inject(combined.context(null, 1)));
    }

    @Test
    void withoutAKnownLeaderNothingIsInjected() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withNetwork().quorumLedBy(null);
        for (FaultInjector f : List.of(new KillControllerNemesis(), new PauseControllerNemesis(), new PartitionControllerNemesis(PartitionControllerNemesis.Cut.VOTERS))) {
            assertSame(Fault.NONE, f.inject(c.context(null, 1)));
        }
        FakeCluster pausedLeader = dedicated();
        pausedLeader.pause(4); // the leader moved to 5 already
        pausedLeader.calls.clear();
        injectAndHeal(new KillControllerNemesis(), pausedLeader);
        assertEquals(List.of("kill 5", "start 5"), pausedLeader.calls, "never a paused node");
    }

    @Test
    void dataFaultsNeverAimAtADedicatedController() {
        FakeCluster c = dedicated();
        assertEquals(NodeRole.BROKER, c.role(1));
        assertEquals(NodeRole.CONTROLLER, c.role(5));
        for (long seed = 0; seed < 30; seed++) {
            new KillNemesis(NodeTarget.RANDOM).inject(c.context(new NemesisRecorder(new HistoryWriter(dir.resolve("k" + seed + ".jsonl"))), seed)).heal();
        }
        assertTrue(c.calls.stream().allMatch(call -> Set.of("kill 1", "kill 2", "kill 3", "start 1", "start 2", "start 3").contains(call)), c.calls.toString());
    }

    @Test
    void aReplayAimsTheControllerRoleAtTheActiveControllerOfNow() {
        FakeCluster c = dedicated();
        c.kill(4); // 5 leads now
        var value = Json.object().put(FaultRole.FIELD, FaultRole.CONTROLLER);
        value.putArray("nodes").add(4);
        RecordedSchedule.Step step = new RecordedSchedule.Step(1, 1, 0, "kill", value, Set.of(4), List.of(), 0);

        RoleResolver.Resolved r = RoleResolver.resolve(step, c.context(null, 1));

        assertEquals(List.of(5), r.nodes());
        assertEquals("the active controller", r.how());
    }

    @Test
    void theCatalogueListsTheControllerFaultsAndPartitionControllerNeedsDedicatedControllers() {
        assertTrue(NemesisRegistry.builtIn().names().containsAll(List.of("kill-controller", "pause-controller", "partition-controller")));
        FaultSpec partition = FaultCatalogue.spec("partition-controller").orElseThrow();
        assertEquals(Set.of(Capability.NETWORK, Capability.DEDICATED_CONTROLLERS), partition.capabilities());
        assertFalse(FaultCatalogue.spec("kill-controller").orElseThrow().capabilities().contains(Capability.DEDICATED_CONTROLLERS));
    }
}
