package io.kchaos.report.scan;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FaultWindowTrackerTest {
    private static final long S = 1_000_000_000L;

    private final List<Op> ops = new ArrayList<>();

    private void nemesis(long time, String f, String value) {
        JsonNode v = parse(value);
        ops.add(new Op(ops.size(), time, Op.NEMESIS, OpType.INVOKE, f, v, null));
        ops.add(new Op(ops.size(), time + S / 10, Op.NEMESIS, OpType.INFO, f, v, null));
    }

    private void send(long invoke, long complete, int process, OpType type) {
        ops.add(new Op(ops.size(), invoke, process, OpType.INVOKE, "send", Json.object().put("value", ops.size()), null));
        ops.add(new Op(ops.size(), complete, process, type, "send", Json.object().put("value", ops.size()), null));
    }

    private static JsonNode parse(String json) {
        try {
            return Json.MAPPER.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private HistoryDigest scan() {
        return HistoryScan.scan(History.of(ops), List.of());
    }

    @Test
    void killIsHealedByTheStartOfTheSameNodeOnly() {
        nemesis(1 * S, "kill", "{\"nodes\":[2]}");
        nemesis(2 * S, "kill", "{\"nodes\":[3]}");
        nemesis(3 * S, "start", "{\"nodes\":[3]}");
        nemesis(5 * S, "start", "{\"nodes\":[2]}");
        List<FaultWindow> w = scan().windows();
        assertEquals(2, w.size());
        assertEquals("kill 2", w.get(0).label());
        assertEquals(1 * S, w.get(0).start());
        assertEquals(5 * S + S / 10, w.get(0).end(), "ends when the start of node 2 completed");
        assertEquals("kill 3", w.get(1).label());
        assertEquals(3 * S + S / 10, w.get(1).end());
        assertTrue(w.get(0).healed());
        assertEquals("start", w.get(0).healedBy());
    }

    @Test
    void partitionPauseAndSlowGetTheirHealsAndLabels() {
        nemesis(1 * S, "partition", "{\"partition\":[[1],[2,3]]}");
        nemesis(2 * S, "pause", "{\"nodes\":[3]}");
        nemesis(3 * S, "resume", "{\"nodes\":[3]}");
        nemesis(4 * S, "heal", "null");
        nemesis(5 * S, "slow", "{\"node\":1,\"latency-ms\":200}");
        nemesis(6 * S, "heal-links", "null");
        List<FaultWindow> w = scan().windows();
        assertEquals(List.of("partition [1] | [2 3]", "pause 3", "slow 1 latency-ms=200"), w.stream().map(FaultWindow::label).toList());
        assertEquals(4 * S + S / 10, w.get(0).end());
        assertEquals(3 * S + S / 10, w.get(1).end());
        assertEquals(6 * S + S / 10, w.get(2).end());
        assertTrue(w.stream().allMatch(FaultWindow::healed));
    }

    @Test
    void storageFaultsEndAtTheirHeals() {
        nemesis(1 * S, "fill-disk", "{\"nodes\":[2],\"bytes\":7}");
        nemesis(2 * S, "free-disk", "{\"nodes\":[2]}");
        nemesis(3 * S, "stop", "{\"nodes\":[3]}");
        nemesis(4 * S, "corrupt-segment", "{\"nodes\":[3]}");
        nemesis(5 * S, "kill", "{\"nodes\":[1]}");
        nemesis(6 * S, "wipe", "{\"nodes\":[1]}");
        nemesis(7 * S, "start", "{\"nodes\":[3]}");
        nemesis(8 * S, "start", "{\"nodes\":[1]}");
        List<FaultWindow> w = scan().windows();
        assertEquals(List.of("fill-disk", "stop", "corrupt-segment", "kill", "wipe"), w.stream().map(FaultWindow::f).toList());
        assertEquals(List.of(2 * S, 7 * S, 7 * S, 8 * S, 8 * S), w.stream().map(x -> x.end() - S / 10).toList());
        assertTrue(w.stream().allMatch(FaultWindow::healed));
    }

    @Test
    void aResumeDoesNotHealAKillAndUnhealedFaultsLastToTheEnd() {
        nemesis(1 * S, "kill", "{\"nodes\":[2]}");
        nemesis(2 * S, "resume", "{\"nodes\":[2]}");
        send(3 * S, 9 * S, 0, OpType.OK);
        HistoryDigest d = scan();
        FaultWindow w = d.windows().get(0);
        assertFalse(w.healed());
        assertEquals(9 * S, w.end());
        assertEquals(9 * S, d.end());
    }

    @Test
    void aTopicPartitionNumberIsNotANetworkPartition() {
        nemesis(1 * S, "kill", "{\"partition\":0,\"nodes\":[2]}");
        nemesis(2 * S, "start", "{\"nodes\":[0]}");
        FaultWindow w = scan().windows().get(0);
        assertEquals("kill 2 partition=0", w.label());
        assertEquals(java.util.Set.of(2), w.nodes());
        assertFalse(w.healed(), "starting node 0 does not heal the kill of node 2");
    }

    @Test
    void unknownNemesisActionsAreEventsNotWindows() {
        nemesis(1 * S, "bump-clock", "{\"node\":1}");
        HistoryDigest d = scan();
        assertEquals(0, d.windows().size());
        assertEquals(1, d.events().size());
        assertEquals("bump-clock 1", d.events().get(0).label());
    }

    @Test
    void availabilityMeasuresAcksAroundTheFault() {
        send(0, S / 2, 0, OpType.OK);
        nemesis(1 * S, "kill", "{\"nodes\":[1]}");
        send(S, 2 * S, 0, OpType.INFO);
        send(2 * S, 4 * S, 1, OpType.OK);
        nemesis(6 * S, "start", "{\"nodes\":[1]}");
        send(7 * S, 8 * S, 1, OpType.OK);
        FaultWindow w = scan().windows().get(0);
        WindowStats s = w.stats();
        assertEquals(4 * S, w.firstAck());
        assertEquals(8 * S, s.firstAckAfterHeal());
        assertEquals(3 * S, s.maxGap(), "from the fault start (1 s) to the ack at 4 s; then 4 s to the heal at 6.1 s is shorter");
        assertEquals(1, s.latencies().sendOkCount());
        assertEquals(1, s.latencies().sendInfoCount());
        assertEquals(2000.0, s.latencies().send().p50(), 2000 * 0.01);
    }

    @Test
    void aFaultThatCompletedOkIsMeasuredFromThatInstant() {
        nemesisOp(1 * S, OpType.INVOKE, "pause", "{\"nodes\":[1]}");
        send(S, 2 * S, 0, OpType.OK); // acknowledged while the broker's threads were still being stopped
        nemesisOp(3 * S, OpType.OK, "pause", "{\"nodes\":[1]}");
        send(4 * S, 5 * S, 1, OpType.OK);
        FaultWindow w = scan().windows().get(0);
        assertTrue(w.held());
        assertEquals(3 * S, w.heldAt());
        assertEquals(5 * S, w.firstAck(), "the ack at 2 s came before the pause held");
    }

    private void nemesisOp(long time, OpType type, String f, String value) {
        ops.add(new Op(ops.size(), time, Op.NEMESIS, type, f, parse(value), null));
    }

    @Test
    void upgradeStepsAreWindowsFromTheirInvocationToTheirOwnCompletion() {
        ops.add(new Op(ops.size(), 1 * S, Op.NEMESIS, OpType.INVOKE, "upgrade-node", parse("{\"nodes\":[2],\"from\":\"3.9.1\",\"to\":\"4.1.1\"}"), null));
        nemesis(2 * S, "kill", "{\"nodes\":[3]}");
        ops.add(new Op(ops.size(), 4 * S, Op.NEMESIS, OpType.INFO, "upgrade-node", parse("{\"nodes\":[2],\"from\":\"3.9.1\",\"to\":\"4.1.1\"}"), null));
        nemesis(5 * S, "finalize-features", "{\"release\":\"4.1.1\"}");
        List<FaultWindow> w = scan().windows();
        assertEquals(List.of("upgrade-node 2 from=3.9.1 to=4.1.1", "kill 3", "finalize-features release=4.1.1"), w.stream().map(FaultWindow::label).toList());
        assertEquals(1 * S, w.get(0).start());
        assertEquals(4 * S, w.get(0).end());
        assertTrue(w.get(0).healed());
        assertFalse(w.get(1).healed(), "the kill is still open: an upgrade step heals nothing but itself");
        assertEquals(5 * S + S / 10, w.get(2).end());
    }
}
