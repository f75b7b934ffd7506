package io.kchaos.nemesis.controller;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Op;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.catalogue.FaultCatalogue;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.cluster.Capability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** power-loss-controller, power-loss-voters and lying-disk against fake clusters (dedicated controllers 4-6, 4 leads; or combined). */
class ControlPlanePowerLossTest {
    @TempDir
    Path dir;

    private static FakeCluster dedicated() {
        return new FakeCluster(3, List.of(List.of(1, 2, 3))).withStorage().withControllers(3);
    }

    private List<String> injectAndHeal(FaultInjector nemesis, FakeCluster c, long seed) {
        Path file = dir.resolve(nemesis.getClass().getSimpleName() + c.hashCode() + ".jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            Fault f = nemesis.inject(c.context(new NemesisRecorder(w), seed));
            f.heal();
            f.heal();
        }
        List<String> lines = new ArrayList<>();
        HistoryFile.open(file).forEach((Op op) -> lines.add(op.type().wire() + " " + op.f() + " " + op.value()));
        return lines;
    }

    private static NemesisOptions options(Map<String, String> values) {
        return new NemesisOptions(values);
    }

    @Test
    void powerLossControllerCutsTheQuorumLeaderAndRecordsTheFailover() {
        FakeCluster c = dedicated();

        List<String> lines = injectAndHeal(PowerLossVotersNemesis.activeController(false), c, 1);

        assertEquals(List.of("cut [4]", "start 4"), c.calls, "heal runs once");
        assertEquals("invoke power-loss {\"nodes\":[4],\"role\":\"controller\",\"epoch\":1,\"torn-writes\":false}", lines.get(0));
        assertTrue(lines.get(1).startsWith("ok power-loss ") && lines.get(1).contains("\"dropped\":{\"4\":{\"files\":1"), lines.get(1));
        assertTrue(lines.get(3).startsWith("ok start ") && lines.get(3).contains("\"controller-after\":{\"leader\":5,\"epoch\":2}"), lines.get(3));
    }

    @Test
    void powerLossVotersCutsAMajorityOfTheControllersAtOnceAndNeverABroker() {
        for (long seed = 0; seed < 20; seed++) {
            FakeCluster c = dedicated();
            injectAndHeal(PowerLossVotersNemesis.majority(NemesisOptions.none()), c, seed);
            String cut = c.calls.get(0);
            assertTrue(cut.matches("cut \\[[456], [456]\\]"), "two of the three controllers, in one cut: " + c.calls);
            assertEquals(2, c.calls.stream().filter(s -> s.startsWith("start ")).count(), c.calls.toString());
        }
    }

    @Test
    void inCombinedModeTheVotersAreTheNodes() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withStorage().quorumLedBy(1);
        List<String> lines = injectAndHeal(PowerLossVotersNemesis.majority(NemesisOptions.none()), c, 3);
        assertTrue(c.calls.get(0).matches("cut \\[[123], [123]\\]"), c.calls.toString());
        assertTrue(lines.get(0).contains("\"role\":\"voters\""), lines.get(0));
    }

    @Test
    void withoutPowerControlOrAKnownLeaderNothingIsInjected() {
        FakeCluster noPower = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3);
        for (FaultInjector f : List.of(PowerLossVotersNemesis.majority(NemesisOptions.none()), PowerLossVotersNemesis.activeController(false),
                new LyingDiskNemesis(NemesisOptions.none()))) {
            assertSame(Fault.NONE, f.inject(noPower.context(null, 1)));
        }
        FakeCluster noLeader = new FakeCluster(3, List.of(List.of(1, 2, 3))).withStorage().quorumLedBy(null);
        assertSame(Fault.NONE, PowerLossVotersNemesis.activeController(false).inject(noLeader.context(null, 1)));
    }

    @Test
    void lyingDiskLiesOnAMajorityOfTheVotersThenItsHealIsTheirPowerLossAndRestart() {
        FakeCluster c = dedicated();

        List<String> lines = injectAndHeal(new LyingDiskNemesis(options(Map.of("lying-disk-nodes", "majority"))), c, 1);

        assertEquals(4, c.calls.size(), "lie, cut, two starts: " + c.calls);
        assertTrue(c.calls.get(0).matches("lie \\[[456], [456]\\] metadata"), c.calls.toString());
        String nodes = c.calls.get(0).substring("lie ".length(), c.calls.get(0).indexOf(']') + 1);
        assertEquals("cut " + nodes, c.calls.get(1), "the heal cuts the very nodes whose disks lied");
        List<String> fs = lines.stream().map(l -> l.split(" ")[0] + " " + l.split(" ")[1]).toList();
        assertEquals(List.of("invoke lying-disk", "ok lying-disk", "invoke power-loss", "ok power-loss", "invoke start", "ok start"), fs);
        assertTrue(lines.get(1).contains("\"role\":\"voters\"") && lines.get(1).contains("\"scope\":\"metadata\""), lines.get(1));
        assertTrue(lines.get(3).contains("\"scope\":\"metadata\"") && lines.get(3).contains("\"dropped\""), lines.get(3));
    }

    @Test
    void lyingDiskOptionsChooseEveryVoterOrTheActiveControllerAndTheWholeNode() {
        FakeCluster byDefault = dedicated();
        injectAndHeal(new LyingDiskNemesis(NemesisOptions.none()), byDefault, 1);
        assertEquals(List.of("lie [4, 5, 6] metadata", "cut [4, 5, 6]"), byDefault.calls.subList(0, 2), "every voter's metadata log by default");

        FakeCluster all = dedicated();
        injectAndHeal(new LyingDiskNemesis(options(Map.of("lying-disk-nodes", "voters", "lying-disk-scope", "node"))), all, 1);
        assertEquals(List.of("lie [4, 5, 6] node", "cut [4, 5, 6]"), all.calls.subList(0, 2));

        FakeCluster leader = dedicated();
        injectAndHeal(new LyingDiskNemesis(options(Map.of("lying-disk-nodes", "controller"))), leader, 1);
        assertEquals(List.of("lie [4] metadata", "cut [4]", "start 4"), leader.calls);
    }

    @Test
    void withSparedVotersPausedTheLiarsMustElectAmongThemselvesBeforeTheHonestVoterResumes() {
        FakeCluster c = dedicated();

        List<String> lines = injectAndHeal(new LyingDiskNemesis(options(Map.of("lying-disk-nodes", "majority", "spared-voters", "pause"))), c, 1);

        String liars = c.calls.get(0).substring("lie ".length(), c.calls.get(0).indexOf(']') + 1);
        int honest = List.of(4, 5, 6).stream().filter(n -> !liars.contains(Integer.toString(n))).findFirst().orElseThrow();
        assertEquals("pause " + honest, c.calls.get(1), "the honest voter is held before the cut: " + c.calls);
        assertEquals("cut " + liars, c.calls.get(2));
        assertEquals("resume " + honest, c.calls.get(c.calls.size() - 1), "and resumed last: " + c.calls);
        List<String> fs = lines.stream().map(l -> l.split(" ")[0] + " " + l.split(" ")[1]).toList();
        assertEquals(List.of("invoke lying-disk", "ok lying-disk", "invoke pause", "ok pause", "invoke power-loss", "ok power-loss",
                "invoke start", "ok start", "invoke resume", "ok resume"), fs);
        assertTrue(lines.get(3).contains("\"spared\":true") && lines.get(3).contains("[" + honest + "]"), lines.get(3));
        String start = lines.get(7);
        int leader = Integer.parseInt(start.replaceAll(".*\"controller-after\":\\{\"leader\":(\\d+).*", "$1"));
        assertTrue(liars.contains(Integer.toString(leader)), "the start holds once a liar leads, read back: " + start);
    }

    @Test
    void withSparedVotersPausedAMajorityPowerLossKeepsTheOthersStillUntilTheCutOnesElected() {
        FakeCluster c = dedicated();

        List<String> lines = injectAndHeal(PowerLossVotersNemesis.majority(options(Map.of("spared-voters", "pause"))), c, 2);

        assertTrue(c.calls.get(0).startsWith("pause "), c.calls.toString());
        assertTrue(c.calls.get(1).startsWith("cut "), c.calls.toString());
        assertTrue(c.calls.get(c.calls.size() - 1).startsWith("resume "), c.calls.toString());
        List<String> fs = lines.stream().map(l -> l.split(" ")[0] + " " + l.split(" ")[1]).toList();
        assertEquals(List.of("invoke pause", "ok pause", "invoke power-loss", "ok power-loss", "invoke start", "ok start",
                "invoke resume", "ok resume"), fs);
        assertTrue(lines.get(5).contains("controller-after"), lines.get(5));
    }

    @Test
    void aWrongLyingDiskOptionIsRefusedInOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new LyingDiskNemesis(options(Map.of("lying-disk-scope", "everything"))));
        assertEquals("--nemesis-option lying-disk-scope must be one of [metadata, node], not 'everything'", e.getMessage());
    }

    @Test
    void theCatalogueListsTheControlPlanePowerLossesAndTheyNeedPowerLossOnly() {
        assertTrue(NemesisRegistry.builtIn().names().containsAll(List.of("power-loss-controller", "power-loss-voters", "lying-disk")));
        for (String name : List.of("power-loss-controller", "power-loss-voters", "lying-disk")) {
            assertEquals(java.util.Set.of(Capability.POWER_LOSS), FaultCatalogue.spec(name).orElseThrow().capabilities(), name);
        }
    }
}
