package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one fault-window rule (docs/format.md): open at the fault's invocation, close at the heal's completion. */
class FaultWindowsTest {
    private final List<Op> ops = new ArrayList<>();

    private void nemesis(long invoke, long done, String f, String value) {
        try {
            JsonNode v = Json.MAPPER.readTree(value);
            ops.add(new Op(ops.size(), invoke, Op.NEMESIS, OpType.INVOKE, f, v, null));
            ops.add(new Op(ops.size(), done, Op.NEMESIS, OpType.INFO, f, v, null));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private FaultWindows pair(long end) {
        FaultWindows w = new FaultWindows();
        ops.forEach(w::accept);
        w.finish(end);
        return w;
    }

    @Test
    void aFaultOpensAtItsInvocationAndClosesAtTheCompletionOfItsHeal() {
        nemesis(10, 15, "kill", "{\"nodes\":[2]}");
        nemesis(40, 48, "start", "{\"nodes\":[2]}");
        FaultSpan s = pair(100).windows().get(0);
        assertEquals(10, s.start());
        assertEquals(48, s.end());
        assertTrue(s.healed());
        assertEquals("start", s.healedBy());
    }

    @Test
    void everyFaultHealedAtTheLatestEndOfAWindowOrTheRunsEndWhenOneNeverHealed() {
        assertEquals(0, pair(100).healedAt(), "no fault: from the start");
        nemesis(10, 15, "kill", "{\"nodes\":[2]}");
        nemesis(20, 22, "pause", "{\"nodes\":[1]}");
        nemesis(25, 30, "resume", "{\"nodes\":[1]}");
        nemesis(40, 48, "start", "{\"nodes\":[2]}");
        assertEquals(48, pair(100).healedAt());
        nemesis(60, 61, "pause", "{\"nodes\":[3]}");
        assertEquals(100, pair(100).healedAt(), "a fault never healed lasts to the run's end");
    }

    @Test
    void aHealOfOtherNodesLeavesTheFaultOpenToTheRunsEnd() {
        nemesis(10, 15, "pause", "{\"nodes\":[1]}");
        nemesis(40, 48, "resume", "{\"nodes\":[2]}");
        FaultSpan s = pair(100).windows().get(0);
        assertFalse(s.healed());
        assertEquals(100, s.end());
    }

    @Test
    void oldOpNamesOfKchaosItselfStillPair() {
        nemesis(10, 15, "fill-disk", "{\"nodes\":[1],\"bytes\":7}");
        nemesis(40, 48, "free-disk", "{\"nodes\":[1]}");
        nemesis(50, 55, "corrupt-segment", "{\"nodes\":[3]}");
        nemesis(60, 65, "start", "{\"nodes\":[3]}");
        List<FaultSpan> w = pair(100).windows();
        assertEquals(List.of("fill-disk", "corrupt-segment"), w.stream().map(FaultSpan::f).toList());
        assertTrue(w.stream().allMatch(FaultSpan::healed));
        assertEquals(NemesisOps.DISK_FULL, NemesisOps.lookup("fill-disk").orElseThrow(), "fill-disk reads as disk-full");
    }

    @Test
    void aOneOffActionIsItsOwnWindowAndAnUnknownActionAPoint() {
        nemesis(10, 30, "upgrade-node", "{\"node\":2}");
        nemesis(40, 41, "blackhole", "{\"nodes\":[2]}");
        FaultWindows w = pair(100);
        assertEquals(10, w.windows().get(0).start());
        assertEquals(30, w.windows().get(0).end());
        assertEquals(1, w.others().size());
        assertEquals(40, w.others().get(0).end());
    }
}
