package io.kchaos.checker.availability;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.ResultsFields;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Failover times from planted histories and controller timelines. */
class FailoverTimesTest {
    private final List<Op> ops = new ArrayList<>();
    private final List<ControllerTimeline.Change> timeline = new ArrayList<>(List.of(change(1.0, 4, 3)));

    private static ControllerTimeline.Change change(double seconds, int leader, int epoch) {
        return new ControllerTimeline.Change((long) (seconds * 1e9), leader, epoch);
    }

    private void op(double seconds, OpType type, String f, String value) {
        try {
            ops.add(new Op(ops.size(), (long) (seconds * 1e9), Op.NEMESIS, type, f, Json.MAPPER.readTree(value), null));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private void nemesis(double invoke, double ok, String f, String value) {
        op(invoke, OpType.INVOKE, f, value);
        op(ok, OpType.OK, f, value);
    }

    private void controllerFault(double invoke, double ok, String f, int leader, int epoch) {
        nemesis(invoke, ok, f, "{\"nodes\":[" + leader + "],\"role\":\"controller\",\"epoch\":" + epoch + "}");
    }

    private JsonNode failovers() {
        CheckResult r = new CheckResult();
        FailoverTimes.addTo(r, History.of(ops), new ControllerTimeline(timeline));
        return r.stats().path(ResultsFields.Stats.CONTROLLER_FAILOVERS);
    }

    @Test
    void partitionsAroundTheControllerAreToldApartByTheirTopology() {
        nemesis(10.0, 10.2, "partition", "{\"nodes\":[4],\"role\":\"controller\",\"epoch\":3,\"topology\":\"controller\"}");
        timeline.add(change(12.0, 5, 4));
        nemesis(20.0, 20.1, "heal", "{\"nodes\":[4]}");
        nemesis(30.0, 30.2, "partition", "{\"nodes\":[5],\"role\":\"controller\",\"epoch\":4,\"topology\":\"controller-voter\"}");
        nemesis(40.0, 40.1, "heal", "{\"nodes\":[5]}");

        JsonNode kinds = failovers().path("by-fault");

        assertEquals(1, kinds.path("partition/controller").path("count").asInt(), kinds.toString());
        assertEquals(0, kinds.path("partition/controller-voter").path("count").asInt(), "the cut voter elected no one: " + kinds);
        assertEquals(1, kinds.path("partition/controller-voter").path("injected").asInt(), kinds.toString());
    }

    @Test
    void aKillWhoseFailoverCame2point5SecondsLater() {
        controllerFault(10.0, 10.2, "kill", 4, 3);
        nemesis(11.0, 11.1, "kill", "{\"nodes\":[2],\"role\":\"leader\",\"leader-of\":0}"); // not a controller fault
        timeline.add(change(12.7, 5, 4));
        nemesis(20.0, 20.5, "start", "{\"nodes\":[4],\"controller-after\":{\"leader\":5,\"epoch\":4}}");

        JsonNode fault = failovers().path("faults").get(0);
        assertEquals(1, failovers().path("faults").size(), "only the controller fault");
        assertEquals("kill", fault.path("f").asText());
        assertEquals(10.2, fault.path("time-s").asDouble());
        assertEquals(4, fault.path("leader-before").asInt());
        assertEquals(3, fault.path("epoch-before").asInt());
        assertTrue(fault.path("failover").asBoolean());
        assertEquals(2.5, fault.path("leaderless-s").asDouble());
        assertEquals(5, fault.path("leader-after").asInt());
        assertEquals(4, fault.path("epoch-after").asInt());
        assertTrue(fault.path("leader-moved").asBoolean());
        assertTrue(fault.path("heal-s").isMissingNode(), "healed after the failover");
    }

    @Test
    void aPauseHealedBeforeAnyElectionIsNoFailover() {
        controllerFault(30.0, 30.1, "pause", 4, 3);
        nemesis(31.0, 31.1, "resume", "{\"nodes\":[4]}");

        JsonNode all = failovers();
        JsonNode fault = all.path("faults").get(0);
        assertFalse(fault.path("failover").asBoolean());
        assertTrue(fault.path("leaderless-s").isMissingNode());
        assertEquals(1.0, fault.path("heal-s").asDouble());
        assertEquals(0, all.path("count").asInt());
        assertEquals(1, all.path("injected").asInt());
        assertTrue(all.path("median-s").isNull() && all.path("max-s").isNull());
    }

    @Test
    void onlyTheFirstOfTwoElectionsAfterAPartitionCounts() {
        controllerFault(40.0, 40.2, "partition", 4, 3);
        timeline.add(change(43.2, 6, 4));
        timeline.add(change(45.0, 4, 5));
        nemesis(50.0, 50.1, "heal", "{}");

        JsonNode fault = failovers().path("faults").get(0);
        assertEquals(3.0, fault.path("leaderless-s").asDouble());
        assertEquals(6, fault.path("leader-after").asInt());
        assertEquals(4, fault.path("epoch-after").asInt());
        assertEquals(1, failovers().path("count").asInt());
    }

    @Test
    void anElectionAfterTheNextControllerFaultIsThatFaultsNotThisOnes() {
        controllerFault(10.0, 10.1, "partition", 4, 3);
        nemesis(12.0, 12.1, "heal", "{}");
        controllerFault(20.0, 20.1, "kill", 4, 3);
        timeline.add(change(21.6, 5, 4));

        JsonNode faults = failovers().path("faults");
        assertFalse(faults.get(0).path("failover").asBoolean());
        assertEquals(2.0, faults.get(0).path("heal-s").asDouble());
        assertEquals(1.5, faults.get(1).path("leaderless-s").asDouble());
    }

    @Test
    void medianAndMaximumOverTheFailoversOverallAndPerFaultKind() {
        controllerFault(10.0, 10.0, "kill", 4, 3);
        timeline.add(change(12.5, 5, 4));
        controllerFault(20.0, 20.0, "pause", 5, 4);
        timeline.add(change(23.0, 6, 5));
        nemesis(24.0, 24.0, "resume", "{\"nodes\":[5]}");
        controllerFault(30.0, 30.0, "kill", 6, 5);
        timeline.add(change(31.0, 4, 6));
        controllerFault(40.0, 40.0, "pause", 4, 6);
        nemesis(41.0, 41.0, "resume", "{\"nodes\":[4]}");

        JsonNode all = failovers();
        assertEquals(3, all.path("count").asInt());
        assertEquals(4, all.path("injected").asInt());
        assertEquals(2.5, all.path("median-s").asDouble());
        assertEquals(3.0, all.path("max-s").asDouble());
        JsonNode kill = all.path("by-fault").path("kill");
        assertEquals(2, kill.path("count").asInt());
        assertEquals(1.75, kill.path("median-s").asDouble(), "the mean of the middle two");
        assertEquals(2.5, kill.path("max-s").asDouble());
        JsonNode pause = all.path("by-fault").path("pause");
        assertEquals(1, pause.path("count").asInt());
        assertEquals(2, pause.path("injected").asInt());
        assertEquals(3.0, pause.path("median-s").asDouble());
    }

    @Test
    void aRunWithoutAControllerTimelineHasNoField() {
        controllerFault(10.0, 10.2, "kill", 4, 3);
        timeline.clear();
        assertTrue(failovers().isMissingNode());
    }
}
