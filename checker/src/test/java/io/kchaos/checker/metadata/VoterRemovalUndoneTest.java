package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.OperationFields;
import io.kchaos.history.folder.QuorumSamples;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** voter-removal-undone on planted histories and quorum polls: a voter back without an add-voter is reported, one added back is not. */
class VoterRemovalUndoneTest {
    private static final long S = 1_000_000_000L;
    private static final String REMOVE = NemesisOps.REMOVE_VOTER.f();
    private final List<Op> ops = new ArrayList<>();

    private void nemesis(double seconds, OpType type, String f, ObjectNode value) {
        ops.add(new Op(ops.size(), (long) (seconds * S), Op.NEMESIS, type, f, value, null));
    }

    /** A remove-voter of voter 5 from {4, 5, 6}: invoked a second before it completes, with the voters read back after. */
    private void removal(double completedAt, OpType type, List<Integer> after) {
        nemesis(completedAt - 1, OpType.INVOKE, REMOVE, voter5());
        ObjectNode done = voter5();
        done.putArray(OperationFields.VOTERS_BEFORE).add(4).add(5).add(6);
        if (after != null) after.forEach(done.withArray(OperationFields.VOTERS_AFTER)::add);
        nemesis(completedAt, type, REMOVE, done);
    }

    private static ObjectNode voter5() {
        ObjectNode v = Json.object();
        v.putArray("nodes").add(5);
        return v.put(OperationFields.DIRECTORY_ID, "h5Zq");
    }

    private static QuorumSamples.Sample poll(double seconds, Integer... voters) {
        return new QuorumSamples.Sample((long) (seconds * S), 4, 3, 700, List.of(voters));
    }

    private CheckResult judge(QuorumSamples.Sample... polls) {
        return VoterRemovalUndone.judge(History.of(ops), List.of(polls));
    }

    @Test
    void aRemovedVoterBackWithoutAnAddVoterIsReportedWithTheRemovalAndThePoll() {
        removal(10, OpType.OK, List.of(4, 6));
        CheckResult r = judge(poll(9, 4, 5, 6), poll(10.5, 4, 6), poll(11, 4, 5, 6));
        assertEquals(1, r.count(Anomalies.VOTER_REMOVAL_UNDONE.key()), r.toJson().toString());
        JsonNode e = r.toJson().path("anomalies").path(Anomalies.VOTER_REMOVAL_UNDONE.key()).findParent("removal-index");
        assertEquals(5, e.path("node").asInt());
        assertEquals("h5Zq", e.path(OperationFields.DIRECTORY_ID).asText());
        assertEquals(10 * S, e.path("removal-time").asLong());
        assertTrue(e.path("poll").asText().contains("poll at 11.000 s"), e.toString());
        assertEquals("[4,5,6]", e.path("voters").toString());
        assertTrue(e.path("next-add-voter-index").isNull(), e.toString());
        assertEquals(1, r.stats().path("voter-removals").asInt());
    }

    @Test
    void aVoterBackOnlyAfterItsAddVoterWasInvokedIsValid() {
        removal(10, OpType.OK, List.of(4, 6));
        nemesis(15, OpType.INVOKE, NemesisOps.ADD_VOTER, voter5());
        nemesis(16.5, OpType.OK, NemesisOps.ADD_VOTER, voter5());
        CheckResult r = judge(poll(10.5, 4, 6), poll(14, 4, 6), poll(16, 4, 5, 6));
        assertEquals(List.of(), r.anomalyTypes(), r.toJson().toString());
    }

    @Test
    void voterGrowsShrinkIsARemovalItsGrowVoterTheAddition() {
        ObjectNode shrunk = voter5();
        shrunk.putArray(OperationFields.VOTERS_AFTER).add(4).add(6);
        nemesis(9, OpType.INVOKE, NemesisOps.SHRINK_VOTER, voter5());
        nemesis(10, OpType.OK, NemesisOps.SHRINK_VOTER, shrunk);
        CheckResult back = judge(poll(10.5, 4, 6), poll(11, 4, 5, 6));
        assertEquals(1, back.count(Anomalies.VOTER_REMOVAL_UNDONE.key()), "back with no grow-voter: " + back.toJson());
        nemesis(10.8, OpType.INVOKE, NemesisOps.GROW_VOTER.f(), voter5());
        assertEquals(List.of(), judge(poll(10.5, 4, 6), poll(11, 4, 5, 6)).anomalyTypes(), "grown again by voter-grow itself");
    }

    @Test
    void aRefusedRemovalWhoseVoterNeverLeftIsValid() {
        removal(10, OpType.INFO, null);
        CheckResult r = judge(poll(9, 4, 5, 6), poll(11, 4, 5, 6), poll(12, 4, 5, 6));
        assertEquals(List.of(), r.anomalyTypes(), r.toJson().toString());
        assertEquals(0, r.stats().path("voter-removals").asInt());
    }

    @Test
    void anAddVoterThatCompletedInfoStillExplainsTheVoterBackAfterItsInvocation() {
        removal(10, OpType.OK, List.of(4, 6));
        nemesis(15, OpType.INVOKE, NemesisOps.ADD_VOTER, voter5());
        nemesis(45, OpType.INFO, NemesisOps.ADD_VOTER, voter5());
        CheckResult r = judge(poll(10.5, 4, 6), poll(20, 4, 5, 6));
        assertEquals(List.of(), r.anomalyTypes(), r.toJson().toString());
    }

    @Test
    void aPollAnsweredRightAfterTheRemovalCountsOnlyOnceAPollShowedTheVoterGone() {
        removal(10, OpType.OK, List.of(4, 6));
        assertEquals(List.of(), judge(poll(10.2, 4, 5, 6), poll(10.7, 4, 6)).anomalyTypes(),
                "a poll asked before the removal completed and answered after it");
        assertEquals(1, judge(poll(10.2, 4, 6), poll(10.7, 4, 5, 6)).count(Anomalies.VOTER_REMOVAL_UNDONE.key()));
    }

    @Test
    void aRemovalAfterALaterAddVoterOpensItsOwnWindowAndTheNextAddVoterIsNamed() {
        removal(10, OpType.OK, List.of(4, 6));
        nemesis(15, OpType.INVOKE, NemesisOps.ADD_VOTER, voter5());
        nemesis(16, OpType.OK, NemesisOps.ADD_VOTER, voter5());
        removal(30, OpType.OK, List.of(4, 6));
        nemesis(40, OpType.INVOKE, NemesisOps.ADD_VOTER, voter5());
        CheckResult r = judge(poll(16, 4, 5, 6), poll(30.5, 4, 6), poll(33, 4, 5, 6));
        assertEquals(1, r.count(Anomalies.VOTER_REMOVAL_UNDONE.key()), r.toJson().toString());
        JsonNode e = r.toJson().path("anomalies").path(Anomalies.VOTER_REMOVAL_UNDONE.key()).findParent("removal-index");
        assertEquals(30 * S, e.path("removal-time").asLong());
        assertEquals(ops.size() - 1, e.path("next-add-voter-index").asLong());
    }
}
