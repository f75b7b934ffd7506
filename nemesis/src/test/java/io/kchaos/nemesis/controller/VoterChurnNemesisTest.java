package io.kchaos.nemesis.controller;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Op;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.catalogue.FaultCatalogue;
import io.kchaos.nemesis.cluster.Capability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** voter-churn and voter-replace against a fake cluster of three dedicated controllers (4 leads): a follower removed, then added back as it was. */
class VoterChurnNemesisTest {
    @TempDir
    Path dir;

    @Test
    void aFollowerVoterIsRemovedThenAddedBackWithItsDirectoryIdAndEndpoints() {
        for (long seed = 0; seed < 10; seed++) {
            FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3);
            Path file = dir.resolve("h" + seed + ".jsonl");
            try (HistoryWriter w = new HistoryWriter(file)) {
                Fault f = new VoterChurnNemesis(VoterTarget.FOLLOWER).inject(c.context(new NemesisRecorder(w), seed));
                assertEquals(List.of(4, 5, 6).size() - 1, c.state().orElseThrow().voters().size(), "one voter out while the fault holds");
                f.heal();
                f.heal();
            }
            List<Op> ops = new ArrayList<>();
            HistoryFile.open(file).forEach((Op op) -> ops.add(op));
            assertEquals(List.of("remove-voter", "remove-voter", "add-voter", "add-voter"), ops.stream().map(Op::f).toList());
            assertTrue(ops.stream().allMatch(o -> o.isInvoke() || o.isOk()), ops.toString());
            int removed = ops.get(1).value().path("nodes").path(0).asInt();
            assertTrue(removed == 5 || removed == 6, "never the leader (4), never a broker: " + ops.get(1));
            assertEquals("[4,5,6]", ops.get(1).value().path("voters-before").toString());
            assertTrue(!ops.get(1).value().path("voters-after").toString().contains(Integer.toString(removed)), ops.get(1).toString());
            assertEquals("[4,5,6]", ops.get(3).value().path("voters-after").toString(), "back in, read back: " + ops.get(3));
            assertEquals(List.of("remove-voter " + removed, "add-voter " + removed + " dir-" + removed + " [CONTROLLER://127.0.0.1:" + (9000 + removed) + "]"),
                    c.calls, "added back with the same directory id and endpoints, once");
        }
    }

    @Test
    void withTargetLeaderTheActiveControllerItselfIsRemovedThenAddedBack() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3);
        Path file = dir.resolve("leader.jsonl");
        VoterTarget target = VoterTarget.of(new io.kchaos.nemesis.NemesisOptions(java.util.Map.of("voter-churn-target", "leader")));
        try (HistoryWriter w = new HistoryWriter(file)) {
            new VoterChurnNemesis(target).inject(c.context(new NemesisRecorder(w), 1)).heal();
        }
        assertEquals(List.of("remove-voter 4", "add-voter 4 dir-4 [CONTROLLER://127.0.0.1:9004]"), c.calls, "the leader (4), out and back in");
        assertEquals(VoterTarget.FOLLOWER, VoterTarget.of(new io.kchaos.nemesis.NemesisOptions(java.util.Map.of())), "the default");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> VoterTarget.of(new io.kchaos.nemesis.NemesisOptions(java.util.Map.of("voter-churn-target", "any"))));
        assertTrue(e.getMessage().contains("voter-churn-target") && e.getMessage().contains("[follower, leader]"), e.getMessage());
    }

    @Test
    void anAdditionRefusedDuringALeaderChangeIsAskedAgainUntilTheVoterIsBack() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3).refuseVoterAdds(1);
        Path file = dir.resolve("refused.jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            new VoterChurnNemesis(VoterTarget.FOLLOWER).inject(c.context(new NemesisRecorder(w), 1)).heal();
        }
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(file).forEach((Op op) -> ops.add(op));
        Op added = ops.get(3);
        assertTrue(added.isOk() && added.f().equals("add-voter"), "held after a refusal: " + ops);
        assertEquals(1, added.value().path("refusals").asInt(), added.toString());
        assertEquals("[4,5,6]", added.value().path("voters-after").toString(), "never left a voter short: " + added);
        assertEquals(2, c.calls.stream().filter(s -> s.startsWith("add-voter")).count(), c.calls.toString());
    }

    @Test
    void aRemovalRefusedDuringALeaderChangeIsAskedAgainUntilTheVoterIsOut() {
        // CI, stop 61: remove-voter refused once with NOT_LEADER_OR_FOLLOWER right after the leader moved, and the run
        // recorded it info; the removal is asked again, as an addition is
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3).refuseVoterRemovals(1);
        Path file = dir.resolve("refused-once.jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            new VoterChurnNemesis(VoterTarget.FOLLOWER).inject(c.context(new NemesisRecorder(w), 1)).heal();
        }
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(file).forEach((Op op) -> ops.add(op));
        Op removed = ops.get(1);
        assertTrue(removed.isOk() && removed.f().equals("remove-voter"), "held after a refusal: " + ops);
        assertEquals(1, removed.value().path("refusals").asInt(), removed.toString());
        assertTrue(removed.value().path("last-refusal").asText().contains("NotLeaderOrFollower"), removed.toString());
        assertEquals(2, c.calls.stream().filter(s -> s.startsWith("remove-voter")).count(), c.calls.toString());
        assertEquals(List.of("remove-voter", "remove-voter", "add-voter", "add-voter"), ops.stream().map(Op::f).toList());
    }

    @Test
    void aRemovalRefusedUntilTheBoundIsInfoAndItsHealAddsNothing() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3).refuseVoterRemovals(Integer.MAX_VALUE);
        Path file = dir.resolve("refused-removal.jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            new VoterChurnNemesis(VoterTarget.FOLLOWER, VoterMoves.REMOVE, java.time.Duration.ofMillis(1_500)).inject(c.context(new NemesisRecorder(w), 1)).heal();
        }
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(file).forEach((Op op) -> ops.add(op));
        assertEquals(List.of("remove-voter", "remove-voter"), ops.stream().map(Op::f).toList(), "no add-voter: " + ops);
        assertTrue(ops.get(1).type() == io.kchaos.history.OpType.INFO && ops.get(1).error().contains("removal refused"), ops.get(1).toString());
        assertTrue(ops.get(1).value().path("refusals").asInt() >= 2, "asked again within the bound: " + ops.get(1));
        assertEquals(3, c.state().orElseThrow().voters().size());
    }

    @Test
    void aQuorumWithoutALeaderIsLeftAlone() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3).quorumLedBy(null);
        assertSame(Fault.NONE, new VoterChurnNemesis(VoterTarget.FOLLOWER).inject(c.context(null, 1)));
    }

    @Test
    void aReplacedVoterIsRemovedStoppedGivenAFreshMetadataDiskStartedAndAddedWithItsNewDirectoryId() {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3).withStorage();
        Path file = dir.resolve("replace.jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            Fault f = new VoterReplaceNemesis().inject(c.context(new NemesisRecorder(w), 1));
            assertEquals(2, c.state().orElseThrow().voters().size(), "one voter out while the fault holds");
            f.heal();
            f.heal();
        }
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(file).forEach((Op op) -> ops.add(op));
        assertEquals(List.of("remove-voter", "remove-voter", "stop", "stop", "wipe", "wipe", "start", "start", "add-voter", "add-voter"),
                ops.stream().map(Op::f).toList());
        assertTrue(ops.stream().allMatch(o -> o.isInvoke() || o.isOk()), ops.toString());
        int node = ops.get(1).value().path("nodes").path(0).asInt();
        assertEquals("metadata", ops.get(5).value().path("scope").asText(), ops.get(5).toString());
        assertEquals("fresh-" + node, ops.get(5).value().path("directory-id").asText());
        Op added = ops.get(9);
        assertEquals("fresh-" + node, added.value().path("directory-id").asText(), "added with the new disk's id: " + added);
        assertEquals("dir-" + node, added.value().path("directory-id-before").asText());
        assertEquals("fresh-" + node, added.value().path("directory-id-after").asText(), "read back with it: " + added);
        assertEquals(List.of("remove-voter " + node, "stop " + node, "replace-metadata-disk " + node, "start " + node,
                "add-voter " + node + " fresh-" + node + " [CONTROLLER://127.0.0.1:" + (9000 + node) + "]"), c.calls);
    }

    @Test
    void byDefaultItsTurnsRemoveThenReplaceAndWithoutStorageEveryTurnRemoves() {
        assertEquals(VoterMoves.REMOVE_REPLACE, VoterMoves.of(new io.kchaos.nemesis.NemesisOptions(java.util.Map.of())), "the default");
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3).withStorage();
        VoterChurnNemesis churn = new VoterChurnNemesis(VoterTarget.FOLLOWER, VoterMoves.REMOVE_REPLACE);
        try (HistoryWriter w = new HistoryWriter(dir.resolve("turns.jsonl"))) {
            for (int turn = 0; turn < 3; turn++) churn.inject(c.context(new NemesisRecorder(w), turn)).heal();
        }
        List<String> kinds = c.calls.stream().map(call -> call.substring(0, call.indexOf(' '))).toList();
        assertEquals(List.of("remove-voter", "add-voter", "remove-voter", "stop", "replace-metadata-disk", "start", "add-voter",
                "remove-voter", "add-voter"), kinds, "remove, replace, remove: " + c.calls);

        FakeCluster plain = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3);
        VoterChurnNemesis noDisks = new VoterChurnNemesis(VoterTarget.FOLLOWER, VoterMoves.REMOVE_REPLACE);
        try (HistoryWriter w = new HistoryWriter(dir.resolve("plain.jsonl"))) {
            for (int turn = 0; turn < 2; turn++) noDisks.inject(plain.context(new NemesisRecorder(w), turn)).heal();
        }
        assertEquals(List.of("remove-voter", "add-voter", "remove-voter", "add-voter"),
                plain.calls.stream().map(call -> call.substring(0, call.indexOf(' '))).toList(), "a replacement needs the nodes' files");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> VoterMoves.of(new io.kchaos.nemesis.NemesisOptions(java.util.Map.of("voter-churn-moves", "grow"))));
        assertTrue(e.getMessage().contains("[remove, remove-replace]"), e.getMessage());
    }

    @Test
    void aReplacementNeedsADynamicQuorumAndTheNodesFiles() {
        assertEquals(Set.of(Capability.DYNAMIC_QUORUM, Capability.STORAGE), FaultCatalogue.spec("voter-replace").orElseThrow().capabilities());
    }

    @Test
    void itNeedsADynamicQuorum() {
        assertEquals(Set.of(Capability.DYNAMIC_QUORUM), FaultCatalogue.spec("voter-churn").orElseThrow().capabilities());
    }
}
