package io.kchaos.nemesis.controller;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.catalogue.FaultCatalogue;
import io.kchaos.nemesis.cluster.Capability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * voter-grow against a fake cluster of three brokers and five dedicated controllers whose quorum starts with three
 * (4 leads; 7 and 8 observe): both observers added, each held only once read back, and exactly they removed again.
 */
class VoterGrowNemesisTest {
    /** The read-back bound of the case whose quorum never shows the addition: any bound ends not held (each addition waits it out). */
    private static final Duration SHORT = Duration.ofMillis(300);

    @TempDir
    Path dir;

    private static FakeCluster fiveStartingWithThree() {
        return new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(5).withInitialVoters(3);
    }

    /** Runs {@code action} with a history; returns the nemesis ops it recorded, invocations and completions. */
    private List<Op> ops(FakeCluster c, Function<NemesisContext, Fault> action, boolean heal) {
        Path file = dir.resolve("h" + System.nanoTime() + ".jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            Fault f = action.apply(c.context(new NemesisRecorder(w), 1));
            if (heal) {
                f.heal();
                f.heal();
            }
        }
        List<Op> ops = new ArrayList<>();
        HistoryFile.open(file).forEach((Op op) -> ops.add(op));
        return ops;
    }

    @Test
    void theObservingControllersAreAddedThenExactlyTheyAreRemovedAgain() {
        FakeCluster c = fiveStartingWithThree();
        assertEquals(List.of(4, 5, 6), c.state().orElseThrow().voters(), "the quorum starts with three voters");
        List<Op> grown = ops(c, ctx -> new VoterGrowNemesis().inject(ctx), false);
        assertEquals(List.of(4, 5, 6, 7, 8), c.state().orElseThrow().voters(), "five voters while the fault holds");
        assertEquals(List.of("grow-voter", "grow-voter", "grow-voter", "grow-voter"), grown.stream().map(Op::f).toList());
        assertTrue(grown.stream().allMatch(o -> o.isInvoke() || o.isOk()), grown.toString());
        assertEquals(7, grown.get(1).value().path("nodes").path(0).asInt());
        assertEquals("[4,5,6]", grown.get(1).value().path("voters-before").toString());
        assertEquals("[4,5,6,7]", grown.get(1).value().path("voters-after").toString(), "read back: " + grown.get(1));
        assertEquals("dir-7", grown.get(1).value().path("directory-id").asText(), "the directory id it fetches with");
        assertEquals("[4,5,6,7]", grown.get(3).value().path("voters-before").toString());
        assertEquals("[4,5,6,7,8]", grown.get(3).value().path("voters-after").toString());
        assertEquals(List.of("add-voter 7 dir-7 [CONTROLLER://127.0.0.1:9007]", "add-voter 8 dir-8 [CONTROLLER://127.0.0.1:9008]"), c.calls,
                "the controllers only, never a broker observing the quorum");

        c.calls.clear();
        List<Op> all = ops(c, ctx -> new VoterGrowNemesis().inject(ctx), true);
        assertEquals(List.of(), all, "nothing left to add: the quorum already has every controller");
        FakeCluster d = fiveStartingWithThree();
        List<Op> healed = ops(d, ctx -> new VoterGrowNemesis().inject(ctx), true);
        assertEquals(List.of("grow-voter", "grow-voter", "grow-voter", "grow-voter", "shrink-voter", "shrink-voter", "shrink-voter", "shrink-voter"),
                healed.stream().map(Op::f).toList(), "healed once however often asked");
        assertTrue(healed.stream().allMatch(o -> o.isInvoke() || o.isOk()), healed.toString());
        assertEquals(8, healed.get(5).value().path("nodes").path(0).asInt(), "the last added first");
        assertEquals("[4,5,6,7,8]", healed.get(5).value().path("voters-before").toString());
        assertEquals("[4,5,6]", healed.get(7).value().path("voters-after").toString(), "back to its start, read back: " + healed.get(7));
        assertEquals(List.of("add-voter 7 dir-7 [CONTROLLER://127.0.0.1:9007]", "add-voter 8 dir-8 [CONTROLLER://127.0.0.1:9008]",
                "remove-voter 8", "remove-voter 7"), d.calls, "exactly what it added removed, nothing of the start");
        assertEquals(List.of(4, 5, 6), d.state().orElseThrow().voters());
    }

    @Test
    void anAdditionKafkaAcceptsButTheQuorumNeverShowsIsInfoAndItsHealRemovesNothing() {
        FakeCluster c = fiveStartingWithThree().ignoreVoterAdds();
        List<Op> ops = ops(c, ctx -> new VoterGrowNemesis(SHORT).inject(ctx), true);
        assertEquals(List.of("grow-voter", "grow-voter", "grow-voter", "grow-voter"), ops.stream().map(Op::f).toList(), "no shrink-voter: " + ops);
        assertTrue(ops.get(1).type() == OpType.INFO && ops.get(3).type() == OpType.INFO, "not held, never ok: " + ops);
        assertTrue(ops.get(1).error().contains("voters including 7"), ops.get(1).toString());
        assertEquals(List.of(4, 5, 6), c.state().orElseThrow().voters());
        assertTrue(c.calls.stream().noneMatch(s -> s.startsWith("remove-voter")), c.calls.toString());
    }

    @Test
    void changesRefusedDuringALeaderChangeAreAskedAgainUntilReadBack() {
        FakeCluster c = fiveStartingWithThree().refuseVoterAdds(1);
        Fault[] grown = new Fault[1];
        List<Op> ops = ops(c, ctx -> {
            grown[0] = new VoterGrowNemesis().inject(ctx);
            c.kill(4); // the leader killed while the quorum is grown: 5 leads the next epoch
            c.refuseVoterRemovals(1); // the removal asked right after is refused with NOT_LEADER_OR_FOLLOWER, as Kafka does
            return grown[0];
        }, true);
        Op added = ops.get(1);
        assertTrue(added.isOk() && added.f().equals("grow-voter"), "held after a refusal: " + ops);
        assertEquals(1, added.value().path("refusals").asInt(), added.toString());
        Op removed = ops.get(5);
        assertTrue(removed.isOk() && removed.f().equals("shrink-voter"), "held after a refusal: " + ops);
        assertEquals(1, removed.value().path("refusals").asInt(), removed.toString());
        assertTrue(removed.value().path("last-refusal").asText().contains("NotLeaderOrFollower"), removed.toString());
        assertEquals(5, c.state().orElseThrow().leader());
        assertEquals(List.of(4, 5, 6), c.state().orElseThrow().voters(), "shrunk back to its start under a new leader");
    }

    @Test
    void aVoterOfTheStartThatAnotherFaultRemovedIsLeftToThatFaultsHeal() {
        FakeCluster c = fiveStartingWithThree();
        Fault[] faults = new Fault[2];
        ops(c, ctx -> {
            faults[0] = new VoterChurnNemesis(VoterTarget.FOLLOWER).inject(ctx);
            faults[1] = new VoterGrowNemesis().inject(ctx);
            faults[0].heal(); // voter-churn's heal first: its voter is still out, so it adds it back
            return faults[1];
        }, true);
        List<String> adds = c.calls.stream().filter(s -> s.startsWith("add-voter")).map(s -> s.split(" ")[1]).toList();
        assertEquals(3, adds.size(), c.calls.toString());
        assertTrue(adds.containsAll(List.of("7", "8")), "voter-grow added the observers only: " + c.calls);
        assertEquals(List.of(4, 5, 6), c.state().orElseThrow().voters(), "every voter of the start back, the grown ones gone: " + c.calls);
    }

    @Test
    void aQuorumWithoutObservingControllersOrALeaderIsLeftAlone() {
        FakeCluster all = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3);
        assertSame(Fault.NONE, new VoterGrowNemesis().inject(all.context(null, 1)), "every controller a voter already");
        FakeCluster leaderless = fiveStartingWithThree().quorumLedBy(null);
        assertSame(Fault.NONE, new VoterGrowNemesis().inject(leaderless.context(null, 1)));
        FakeCluster down = fiveStartingWithThree();
        down.kill(7);
        down.pause(8);
        assertSame(Fault.NONE, new VoterGrowNemesis().inject(down.context(null, 1)), "a dead or paused observer is not added");
        assertEquals(List.of("kill 7", "pause 8"), down.calls);
    }

    @Test
    void theVoterFaultsAimAtTheVotersOfNowNotAtEveryController() {
        FakeCluster c = fiveStartingWithThree();
        NemesisContext ctx = c.context(null, 1);
        VoterChoice three = VoterChoice.majority(ctx);
        assertEquals(2, three.nodes().size(), "a majority of three voters: " + three.nodes());
        assertTrue(List.of(4, 5, 6).containsAll(three.nodes()), "never an observing controller: " + three.nodes());
        assertEquals(List.of(4, 5, 6), VoterChoice.choose(ctx, "voters").orElseThrow().nodes());
        c.addRaftVoter(new io.kchaos.nemesis.cluster.RaftVoter(7, "dir-7", List.of()));
        c.addRaftVoter(new io.kchaos.nemesis.cluster.RaftVoter(8, "dir-8", List.of()));
        assertEquals(3, VoterChoice.majority(ctx).nodes().size(), "a majority of the five voters once grown");
        assertEquals(List.of(4, 5, 6, 7, 8), VoterChoice.choose(ctx, "voters").orElseThrow().nodes());
        c.quorumLedBy(null);
        assertEquals(List.of(4, 5, 6), VoterChoice.choose(ctx, "voters").orElseThrow().nodes(), "no quorum answer: the voters of the start");
    }

    @Test
    void itNeedsADynamicQuorumThatStartsWithoutSomeControllers() {
        var spec = FaultCatalogue.spec("voter-grow").orElseThrow();
        assertEquals(Set.of(Capability.DYNAMIC_QUORUM, Capability.OBSERVING_CONTROLLERS), spec.capabilities());
        assertEquals("`--backend local`, `--quorum dynamic`, `--initial-voters K` below `--controllers N`", spec.needs());
        assertTrue(Capability.OBSERVING_CONTROLLERS.need().contains("--initial-voters"), Capability.OBSERVING_CONTROLLERS.need());
    }
}
