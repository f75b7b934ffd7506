package io.kchaos.nemesis.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Schedule extraction from planted histories: faults grouped, heals paired, roles read, old histories' fallback, refusals. */
class ScheduleReaderTest {
    /** Two pause-followers-kill-leader faults as a run records them, a send between, and the run's final heal. */
    static List<Op> acksOneHistory(boolean withRoles) {
        Planted h = new Planted();
        h.send(1.0);
        h.nemesis(11.3, 11.8, "pause", withRoles ? "{\"nodes\":[2,3],\"role\":\"followers\",\"followers-of\":1}" : "{\"nodes\":[2,3]}");
        h.nemesis(13.8, 14.0, "kill", withRoles ? "{\"nodes\":[1],\"role\":\"leader\",\"leader-of\":1}" : "{\"nodes\":[1]}");
        h.nemesis(14.0, 14.2, "resume", "{\"nodes\":[2,3]}");
        h.nemesis(17.6, 17.6, "start", "{\"nodes\":[1]}");
        h.send(20.0);
        h.nemesis(28.8, 28.9, "pause", withRoles ? "{\"nodes\":[1,2],\"role\":\"followers\",\"followers-of\":0}" : "{\"nodes\":[1,2]}");
        h.nemesis(30.9, 31.0, "kill", withRoles ? "{\"nodes\":[3],\"role\":\"leader\",\"leader-of\":0}" : "{\"nodes\":[3],\"leader-of\":0}");
        h.nemesis(31.0, 31.1, "resume", "{\"nodes\":[1,2]}");
        h.nemesis(34.4, 34.5, "start", "{\"nodes\":[3]}");
        h.nemesis(36.5, 36.5, "heal", "{\"nodes\":[1,2,3]}");
        return h.ops;
    }

    @Test
    void theFaultsOfAnAcksOneRunAreReadWithTheirRolesAndHeals() {
        RecordedSchedule s = ScheduleReader.read(History.of(acksOneHistory(true)), "h");
        assertEquals(Set.of(1, 2), s.faults());
        assertEquals(List.of("pause", "kill", "resume", "start", "pause", "kill", "resume", "start"), s.steps().stream().map(RecordedSchedule.Step::f).toList(),
                "the final heal healed nothing and is left out");
        RecordedSchedule.Step resume = s.steps().get(2);
        assertEquals(List.of(0), resume.heals(), "the resume heals the pause");
        assertEquals(List.of(1), s.steps().get(3).heals(), "the start heals the kill");
        assertEquals(13_800_000_000L, s.steps().get(1).time(), "the op's invocation time");
        assertEquals("the leader of partition 1", s.steps().get(1).role().orElseThrow().describe());
        assertEquals("the followers of partition 0", s.steps().get(4).role().orElseThrow().describe());
        assertEquals(2, s.steps().get(5).fault());
        assertTrue(s.notes().isEmpty(), s.notes().toString());
        assertTrue(s.describe().get(0).startsWith("#1 at 11.3 s: pause the followers of partition 1"), s.describe().get(0));
    }

    @Test
    void anOldHistoryFallsBackToNodeIdsWithANoteButKeepsLeaderOf() {
        RecordedSchedule s = ScheduleReader.read(History.of(acksOneHistory(false)), "h");
        assertEquals(List.of("the history names no role for 3 fault op(s) (pause at 11.3 s on [2, 3], kill at 13.8 s on [1], pause at"
                + " 28.8 s on [1, 2]): they are replayed on those node ids"), s.notes(), "one line");
        assertTrue(s.steps().get(5).role().isPresent(), "leader-of, which older histories wrote for kill, is the leader role");
        assertTrue(s.steps().get(1).role().isEmpty());
    }

    @Test
    void keepingOneFaultKeepsItsHealsAndRenumbersTheSteps() {
        RecordedSchedule s = ScheduleReader.read(History.of(acksOneHistory(true)), "h").keep(Set.of(2));
        assertEquals(4, s.steps().size());
        assertEquals(List.of(0), s.steps().get(2).heals());
        assertEquals(Set.of(2), s.faults());
        assertThrows(IllegalArgumentException.class, () -> s.keep(Set.of(1)));
    }

    @Test
    void aFaultAReplayCannotDoIsRefusedWithItsLine() {
        Planted h = new Planted();
        h.nemesis(5, 6, "wipe", "{\"nodes\":[2]}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ScheduleReader.read(History.of(h.ops), "h.jsonl"));
        assertTrue(e.getMessage().startsWith("h.jsonl: cannot replay wipe (history line 1) yet"), e.getMessage());
    }

    @Test
    void anotherToolsNameForASigkillReplaysAsKillButItsNetworkCorruptionIsRefused() {
        Planted kill = new Planted();
        kill.nemesis(5, 6, "crash", "{\"nodes\":[2]}");
        kill.nemesis(8, 9, "recover", "{\"nodes\":[2]}");
        assertEquals(List.of("crash", "recover"), ScheduleReader.read(History.of(kill.ops), "h").steps().stream().map(RecordedSchedule.Step::f).toList());
        Planted corrupt = new Planted();
        corrupt.nemesis(5, 6, "corrupt", "{\"nodes\":[2]}");
        String e = assertThrows(IllegalArgumentException.class, () -> ScheduleReader.read(History.of(corrupt.ops), "h")).getMessage();
        assertTrue(e.contains("cannot replay corrupt (history line 1)") && e.endsWith("a replay does kill, stop, pause, power-loss, "
                + "partition, partition-clients, slow, flaky, reassign, drain-broker, elect-leaders, add-partitions, alter-config, "
                + "throttled-reassign, move-log-dir"), e);
    }

    @Test
    void aPlannedOperationRecordedWithoutItsTargetIsRefusedInOneLine() {
        Planted h = new Planted();
        h.nemesis(5, 6, "alter-config", "{\"config\":\"min.insync.replicas\",\"from\":\"2\",\"from-override\":false}");
        h.nemesis(9, 10, "restore-config", "{\"config\":\"min.insync.replicas\",\"from\":\"2\",\"from-override\":false}");
        String e = assertThrows(IllegalArgumentException.class, () -> ScheduleReader.read(History.of(h.ops), "h.jsonl")).getMessage();
        assertEquals("h.jsonl: cannot replay alter-config (history line 1): its value has no \"to\"", e);
        Planted cancel = new Planted();
        cancel.nemesis(5, 6, "throttled-reassign", "{\"partitions\":[0],\"from\":{\"0\":[1,2,3]},\"to\":{\"0\":[4,2,3]},\"nodes\":[1,2,3,4]}");
        e = assertThrows(IllegalArgumentException.class, () -> ScheduleReader.read(History.of(cancel.ops), "h.jsonl")).getMessage();
        assertEquals("h.jsonl: cannot replay throttled-reassign (history line 1): its value has no \"throttle-bytes\"", e);
    }

    @Test
    void aHistoryWithoutFaultsHasAnEmptySchedule() {
        Planted h = new Planted();
        h.send(1);
        assertTrue(ScheduleReader.read(History.of(h.ops), "h").faults().isEmpty());
    }

    /** A history built op by op, indexes in order. */
    static final class Planted {
        final List<Op> ops = new ArrayList<>();

        void send(double t) {
            ops.add(new Op(ops.size(), nanos(t), 0, OpType.INVOKE, "send", Json.object().put("key", "k").put("value", ops.size()), null));
            ops.add(new Op(ops.size(), nanos(t), 0, OpType.OK, "send", Json.object().put("key", "k").put("value", ops.size() - 1)
                    .put("partition", 0).put("offset", ops.size()), null));
        }

        void nemesis(double invoke, double info, String f, String value) {
            JsonNode v = read(value);
            ops.add(new Op(ops.size(), nanos(invoke), Op.NEMESIS, OpType.INVOKE, f, v, null));
            ops.add(new Op(ops.size(), nanos(info), Op.NEMESIS, OpType.INFO, f, v, null));
        }

        private static JsonNode read(String json) {
            try {
                return Json.MAPPER.readTree(json);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException(e);
            }
        }

        private static long nanos(double s) {
            return Math.round(s * 1e9);
        }
    }
}
