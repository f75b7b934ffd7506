package io.kchaos.checker.availability;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AvailabilityCheckerTest {
    private final List<Op> ops = new ArrayList<>();

    private void op(double seconds, int process, OpType type, String f, String value) {
        try {
            JsonNode v = value == null ? Json.MAPPER.nullNode() : Json.MAPPER.readTree(value);
            ops.add(new Op(ops.size(), (long) (seconds * 1e9), process, type, f, v, null));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private void ackedSend(double invoke, double ok, int value) {
        op(invoke, 0, OpType.INVOKE, "send", "{\"key\":\"k0\",\"value\":" + value + "}");
        op(ok, 0, OpType.OK, "send", "{\"key\":\"k0\",\"value\":" + value + ",\"partition\":0,\"offset\":" + value + "}");
    }

    private void nemesis(double invoke, double done, String f, String value) {
        op(invoke, Op.NEMESIS, OpType.INVOKE, f, value);
        op(done, Op.NEMESIS, OpType.INFO, f, value);
    }

    private JsonNode availability() {
        CheckResult r = new AvailabilityChecker().check(History.of(ops));
        assertTrue(r.valid() && r.anomalyTypes().isEmpty(), "availability never reports anomalies");
        return r.stats().path("availability");
    }

    @Test
    void measuresEachFaultToTheNextAckAndEachHealToTheFirstAckAfterIt() {
        ackedSend(0.0, 0.1, 1);
        ackedSend(0.9, 1.0, 2);
        nemesis(2.0, 2.1, "kill", "{\"nodes\":[2],\"leader-of\":0}");
        op(2.2, 1, OpType.INVOKE, "send", "{\"key\":\"k1\",\"value\":3}");
        op(4.2, 1, OpType.INFO, "send", "{\"key\":\"k1\",\"value\":3}");
        ackedSend(2.3, 2.5, 4);
        nemesis(3.0, 3.1, "partition", "{\"partition\":[[1],[2,3]],\"topology\":\"one\"}");
        nemesis(5.0, 5.2, "start", "{\"nodes\":[2]}");
        nemesis(5.5, 5.6, "heal", "{\"partition\":[[1],[2,3]],\"topology\":\"one\"}");
        ackedSend(5.9, 6.0, 5);
        ackedSend(6.9, 7.0, 6);

        JsonNode a = availability();
        JsonNode kill = a.path("faults").get(0);
        assertEquals("kill", kill.path("f").asText());
        assertEquals(2.0, kill.path("time-s").asDouble(), 1e-9, "a fault starts at its invocation");
        assertEquals(2, kill.path("value").path("nodes").get(0).asInt(), "target recorded");
        assertEquals(0.5, kill.path("to-next-ok-send-s").asDouble(), 1e-9, "next ack at 2.5, from the invocation at 2.0");
        assertEquals("start", kill.path("heal").asText());
        assertEquals(5.2, kill.path("heal-time-s").asDouble(), 1e-9);
        assertEquals(0.8, kill.path("heal-to-next-ok-send-s").asDouble(), 1e-9, "first ack after the restart at 6.0");

        JsonNode partition = a.path("faults").get(1);
        assertEquals("partition", partition.path("f").asText());
        assertEquals(3.0, partition.path("to-next-ok-send-s").asDouble(), 1e-9, "no ack from 3.0 until 6.0");
        assertEquals("heal", partition.path("heal").asText(), "a heal, not the restart, ends the partition");
        assertEquals(0.4, partition.path("heal-to-next-ok-send-s").asDouble(), 1e-9);
        assertEquals(2, a.path("faults").size(), "heal ops are not faults");

        assertEquals(3.5, a.path("longest-no-ok-send-s").asDouble(), 1e-9, "2.5 .. 6.0");
        assertEquals(2.5, a.path("longest-no-ok-send-from-s").asDouble(), 1e-9);
    }

    @Test
    void aFaultThatHeldIsMeasuredFromItsOkNotFromItsInvocation() {
        // a pause asked for at 2.0 whose threads were all stopped only at 2.6 (a busy machine): the ack at 2.4 came
        // from a broker still running, so it does not end the pause's unavailability
        ackedSend(0.0, 0.1, 1);
        op(2.0, Op.NEMESIS, OpType.INVOKE, "pause", "{\"nodes\":[1]}");
        ackedSend(2.2, 2.4, 2);
        op(2.6, Op.NEMESIS, OpType.OK, "pause", "{\"nodes\":[1]}");
        ackedSend(3.0, 3.5, 3);

        JsonNode pause = availability().path("faults").get(0);
        assertTrue(pause.path("held").asBoolean(), pause.toString());
        assertEquals(2.6, pause.path("time-s").asDouble(), 1e-9, "the instant the pause held");
        assertEquals(2.0, pause.path("invoked-s").asDouble(), 1e-9);
        assertEquals(0.9, pause.path("to-next-ok-send-s").asDouble(), 1e-9, "the ack at 3.5, not the one at 2.4");
    }

    @Test
    void aFaultNotSeenToHoldIsMeasuredFromItsInvocationAndNamedInAWarning() {
        ackedSend(0.0, 0.1, 1);
        op(2.0, Op.NEMESIS, OpType.INVOKE, "pause", "{\"nodes\":[1]}");
        ops.add(new Op(ops.size(), 12_000_000_000L, Op.NEMESIS, OpType.INFO, "pause", json("{\"nodes\":[1],\"held\":false}"),
                "not held: node 1 paused: not seen within 10000 ms; last seen: 40 of 41 threads stopped"));
        ackedSend(12.5, 13.0, 2);

        CheckResult r = new AvailabilityChecker().check(History.of(ops));
        JsonNode pause = r.stats().path("availability").path("faults").get(0);
        assertFalse(pause.path("held").asBoolean(true), pause.toString());
        assertEquals(2.0, pause.path("time-s").asDouble(), 1e-9);
        assertTrue(r.valid() && r.anomalyTypes().isEmpty(), "a fault that did not hold is no anomaly");
        assertEquals(1, r.warnings().size(), r.warnings().toString());
        assertTrue(r.warnings().get(0).startsWith("fault 1 (pause at 2.0 s) was not seen to hold: not held: node 1 paused"), r.warnings().get(0));
    }

    @Test
    void anOlderHistoryWhoseFaultsCompletedInfoIsMeasuredFromTheInvocationWithoutAWarning() {
        ackedSend(0.0, 0.1, 1);
        nemesis(1.0, 1.1, "kill", "{\"nodes\":[2]}");
        ackedSend(1.2, 1.5, 2);
        CheckResult r = new AvailabilityChecker().check(History.of(ops));
        JsonNode kill = r.stats().path("availability").path("faults").get(0);
        assertFalse(kill.path("held").asBoolean(true));
        assertEquals(0.5, kill.path("to-next-ok-send-s").asDouble(), 1e-9);
        assertTrue(r.warnings().isEmpty(), r.warnings().toString());
    }

    private static JsonNode json(String s) {
        try {
            return Json.MAPPER.readTree(s);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void aFaultNeverFollowedByAnAckOrAHealHasNoFigures() {
        ackedSend(0.0, 0.1, 1);
        nemesis(1.0, 1.1, "pause", "{\"nodes\":[1,3]}");
        nemesis(1.5, 1.6, "resume", "{\"nodes\":[2]}");
        op(1.2, 2, OpType.INVOKE, "send", "{\"key\":\"k2\",\"value\":2}");
        op(9.0, 2, OpType.INFO, "send", "{\"key\":\"k2\",\"value\":2}");

        JsonNode fault = availability().path("faults").get(0);
        assertTrue(fault.path("to-next-ok-send-s").isNull(), "no ack after the pause: " + fault);
        assertTrue(fault.path("heal").isNull(), "resuming another node does not heal this pause: " + fault);
        assertEquals(8.9, availability().path("longest-no-ok-send-s").asDouble(), 1e-9, "last ack 0.1 .. last send completion 9.0");
    }

    @Test
    void anyHealNamedHealEndsANetworkOrProxyFaultAndIsNoFaultItself() {
        ackedSend(0.0, 0.1, 1);
        nemesis(1.0, 1.1, "toxic-latency", "{\"nodes\":[2]}");
        nemesis(3.0, 3.2, "heal-toxic", "{\"nodes\":[1,2,3]}");
        ackedSend(3.5, 3.6, 2);
        JsonNode faults = availability().path("faults");
        assertEquals(1, faults.size(), "the heal is not listed as a fault: " + faults);
        assertEquals("heal-toxic", faults.get(0).path("heal").asText());
        assertEquals(0.4, faults.get(0).path("heal-to-next-ok-send-s").asDouble(), 1e-9);
    }

    private void ackedSendTo(int partition, double invoke, double ok, int value) {
        op(invoke, value, OpType.INVOKE, "send", "{\"key\":\"k0\",\"value\":" + value + "}");
        op(ok, value, OpType.OK, "send", "{\"key\":\"k0\",\"value\":" + value + ",\"partition\":" + partition
                + ",\"offset\":" + value + "}");
    }

    @Test
    void eachPartitionHasItsOwnTimeToTheNextAckAndItsLongestGap() {
        ackedSendTo(0, 0.0, 0.1, 1);
        ackedSendTo(1, 0.0, 0.2, 2);
        nemesis(1.0, 1.1, "kill", "{\"nodes\":[2],\"leader-of\":1}");
        ackedSendTo(0, 1.1, 1.3, 3);
        ackedSendTo(0, 1.3, 1.5, 4);
        ackedSendTo(1, 1.2, 9.1, 5);
        ackedSendTo(0, 9.0, 9.2, 6);

        JsonNode a = availability();
        JsonNode byPartition = a.path("faults").get(0).path("to-next-ok-send-by-partition-s");
        assertEquals(0.3, byPartition.path("0").asDouble(), 1e-9, "partition 0 kept going: acked at 1.3");
        assertEquals(8.1, byPartition.path("1").asDouble(), 1e-9, "partition 1 waited for its new leader: 1.0 .. 9.1");
        assertEquals(0.3, a.path("faults").get(0).path("to-next-ok-send-s").asDouble(), 1e-9);
        assertEquals(7.7, a.path("partitions").path("0").path("longest-no-ok-send-s").asDouble(), 1e-9, "1.5 .. 9.2");
        assertEquals(8.9, a.path("partitions").path("1").path("longest-no-ok-send-s").asDouble(), 1e-9, "0.2 .. 9.1");
        assertEquals(0.2, a.path("partitions").path("1").path("longest-no-ok-send-from-s").asDouble(), 1e-9);
        assertEquals(6 / 9.2, a.path("ok-sends-per-s").asDouble(), 0.05);
    }

    @Test
    void aFullDiskEndsAtItsFreeAndAWipeAtTheStart() {
        ackedSend(0.0, 0.1, 1);
        nemesis(1.0, 1.1, "fill-disk", "{\"nodes\":[2]}");
        nemesis(2.0, 2.1, "free-disk", "{\"nodes\":[2]}");
        nemesis(3.0, 3.1, "wipe", "{\"nodes\":[3]}");
        nemesis(4.0, 4.1, "start", "{\"nodes\":[3]}");
        ackedSend(4.5, 4.6, 2);
        JsonNode faults = availability().path("faults");
        assertEquals(2, faults.size(), faults::toString);
        assertEquals("free-disk", faults.get(0).path("heal").asText());
        assertEquals("start", faults.get(1).path("heal").asText());
    }

    @Test
    void aFullDiskUnderItsOpNameOfTodayIsHealedLikeTheOldName() {
        ackedSend(0.0, 0.1, 1);
        nemesis(1.0, 1.1, "disk-full", "{\"nodes\":[2]}");
        nemesis(2.0, 2.1, "free-disk", "{\"nodes\":[2]}");
        ackedSend(2.5, 2.6, 2);
        JsonNode fault = availability().path("faults").get(0);
        assertEquals("disk-full", fault.path("f").asText());
        assertEquals("free-disk", fault.path("heal").asText());
        assertEquals(2.1, fault.path("heal-time-s").asDouble(), 1e-9, "a heal counts at its completion");
    }

    @Test
    void noSendsAndNoFaultsGiveAnEmptySection() {
        JsonNode a = availability();
        assertEquals(0, a.path("faults").size());
        assertTrue(a.path("longest-no-ok-send-s").isNull());
    }

    @Test
    void anUpgradeStepLastsFromItsInvocationToItsCompletionWithItsAcksAndLongestGap() {
        ackedSend(0.0, 0.1, 1);
        op(1.0, Op.NEMESIS, OpType.INVOKE, "upgrade-node", "{\"nodes\":[1],\"from\":\"3.9.1\",\"to\":\"4.1.1\"}");
        ackedSend(1.5, 1.6, 2);
        ackedSend(3.9, 4.1, 3);
        op(5.0, Op.NEMESIS, OpType.INFO, "upgrade-node", "{\"nodes\":[1],\"from\":\"3.9.1\",\"to\":\"4.1.1\"}");
        ackedSend(5.1, 5.2, 4);

        JsonNode step = availability().path("faults").get(0);
        assertEquals("upgrade-node", step.path("f").asText());
        assertEquals(1.0, step.path("time-s").asDouble(), 1e-9, "the step starts at its invocation");
        assertEquals("upgrade-node", step.path("heal").asText(), "its own completion ends it");
        assertEquals(5.0, step.path("heal-time-s").asDouble(), 1e-9);
        assertEquals(4.0, step.path("seconds").asDouble(), 1e-9);
        assertEquals(2, step.path("acks-during").asInt());
        assertEquals(2.5, step.path("longest-no-ok-send-during-s").asDouble(), 1e-9, "from the ack at 1.6 s to the one at 4.1 s");
    }
}
