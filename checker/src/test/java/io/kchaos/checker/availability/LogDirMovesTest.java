package io.kchaos.checker.availability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.NemesisTrack;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.folder.LeaderChange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** stats.log-dir-moves: each held move, whether it moved the leader, and the ISR of its partition after it. */
class LogDirMovesTest {
    private static final long S = 1_000_000_000L;

    private static Op move(String f, long seconds, int node, int partition, OpType type) {
        ObjectNode v = Json.object();
        v.putArray("nodes").add(node);
        v.put("partition", partition);
        return new Op(0, seconds * S, Op.NEMESIS, type, f, v, null);
    }

    private static LeaderChange sample(long seconds, int partition, int leader, int epoch, Integer... isr) {
        return new LeaderChange(seconds * S, partition, leader, epoch, List.of(isr));
    }

    private static JsonNode figure(List<Op> ops, long end, List<LeaderChange> samples) {
        CheckResult r = new CheckResult();
        LogDirMoves.addTo(r, new NemesisTrack(ops, end * S), samples);
        return r.stats().get("log-dir-moves");
    }

    @Test
    void aMovedLeaderWhoseFollowerNeverRejoinsShowsItOutUntilTheEnd() {
        List<Op> ops = List.of(move(NemesisOps.MOVE_LOG_DIR.f(), 20, 1, 2, OpType.INVOKE), move(NemesisOps.MOVE_LOG_DIR.f(), 21, 1, 2, OpType.OK));
        List<LeaderChange> samples = List.of(sample(1, 2, 1, 3, 1, 2, 3), sample(35, 2, 1, 3, 1, 3), sample(5, 0, 2, 0, 1, 2, 3));
        JsonNode f = figure(ops, 81, samples);
        assertEquals(1, f.size(), f::toString);
        JsonNode e = f.get(0);
        assertEquals("move-log-dir", e.get("f").asText());
        assertEquals(21.0, e.get("time-s").asDouble());
        assertEquals(2, e.get("partition").asInt());
        assertEquals(1, e.get("node").asInt());
        assertTrue(e.get("led").asBoolean());
        assertEquals(3, e.get("leader-epoch").asInt());
        assertEquals("{\"2\":46000}", e.get("out-of-isr-ms").toString(), "out from 35 s to the end at 81 s");
        assertTrue(e.get("in-isr-at-end").asBoolean());
        assertEquals("[2]", e.get("out-at-end").toString());
    }

    @Test
    void aFollowerMoveWithTheIsrFullThroughoutShowsNobodyOutAndEachMoveEndsAtThePartitionsNext() {
        List<Op> ops = new ArrayList<>();
        ops.add(move(NemesisOps.MOVE_LOG_DIR.f(), 10, 3, 0, OpType.OK));
        ops.add(move(NemesisOps.RESTORE_LOG_DIR, 20, 3, 0, OpType.OK));
        List<LeaderChange> samples = List.of(sample(1, 0, 1, 0, 1, 2, 3), sample(12, 0, 1, 0, 1, 2), sample(14, 0, 1, 0, 1, 2, 3),
                sample(25, 0, 1, 0, 1, 2));
        JsonNode f = figure(ops, 30, samples);
        assertEquals(2, f.size());
        assertFalse(f.get(0).get("led").asBoolean());
        assertEquals("{\"3\":2000}", f.get(0).get("out-of-isr-ms").toString(), "out 12-14 s; the window ends at the restore (20 s)");
        assertEquals("restore-log-dir", f.get(1).get("f").asText());
        assertEquals("{\"3\":5000}", f.get(1).get("out-of-isr-ms").toString());
        assertFalse(f.get(1).get("in-isr-at-end").asBoolean());
    }

    @Test
    void noHeldMoveAddsNothing() {
        assertEquals(null, figure(List.of(move(NemesisOps.MOVE_LOG_DIR.f(), 10, 3, 0, OpType.INFO)), 30, List.of()));
    }
}
