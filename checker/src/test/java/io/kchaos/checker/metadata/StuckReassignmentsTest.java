package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * reassignment-stuck on planted reassign completions: KAFKA-19975's shapes are reported, a move that completed, one
 * still adding an unsynced replica, one that shrinks the set, one that removes the unsynced replica and one whose
 * listing was not read are not.
 */
class StuckReassignmentsTest {
    private static CheckResult judge(OpType type, String value) throws Exception {
        JsonNode v = Json.MAPPER.readTree(value);
        Op invoke = new Op(0, 1_000, Op.NEMESIS, OpType.INVOKE, "reassign", v, null);
        Op done = new Op(1, 21_000_000_000L, Op.NEMESIS, type, "reassign", v, null);
        return StuckReassignments.judge(History.of(List.of(invoke, done)));
    }

    private static String move(String from, String to, String isr, String listed) {
        return "{\"partitions\": [0], \"from\": {\"0\": " + from + "}, \"to\": {\"0\": " + to + "}, \"isr-after\": {\"0\": " + isr + "}"
                + (listed == null ? "" : ", \"still-listed\": " + listed) + "}";
    }

    @Test
    void aReplaceKeepingADownReplicaThatNeverCompletesIsReportedWithItsEvidence() throws Exception {
        CheckResult r = judge(OpType.INFO, move("[1, 2, 3]", "[1, 4, 3]", "[1, 2, 4]", "[0]"));
        assertEquals(List.of("reassignment-stuck"), List.copyOf(r.anomalyTypes()));
        JsonNode e = r.toJson().path("anomalies").path("reassignment-stuck").path("examples").get(0);
        assertEquals("[3]", e.path("not-in-isr").toString(), e.toString());
        assertEquals(1, e.path("index").asLong());
    }

    @Test
    void kafka19975sOtherShapesAreReportedToo() throws Exception {
        assertTrue(judge(OpType.INFO, move("[0, 1, 2]", "[0, 1, 2, 3]", "[0, 1, 3]", "[0]")).anomalyTypes().contains("reassignment-stuck"));
        assertTrue(judge(OpType.INFO, move("[0, 1, 2]", "[2, 3, 4]", "[0, 1, 3, 4]", "[0]")).anomalyTypes().contains("reassignment-stuck"));
    }

    /** A drain-broker's return names another topic's partition {@code <topic>-<partition>}: the example names it so. */
    @Test
    void anInternalTopicsPartitionIsJudgedAndNamedByItsKey() throws Exception {
        String v = "{\"partitions\": [], \"from\": {\"__consumer_offsets-7\": [1, 2, 3]}, \"to\": {\"__consumer_offsets-7\": [1, 4, 3]}, "
                + "\"isr-after\": {\"__consumer_offsets-7\": [1, 2, 4]}, \"still-listed\": [\"__consumer_offsets-7\"]}";
        JsonNode e = judge(OpType.INFO, v).toJson().path("anomalies").path("reassignment-stuck").path("examples").get(0);
        assertEquals("__consumer_offsets-7", e.path("partition").asText(), String.valueOf(e));
        assertEquals("[3]", e.path("not-in-isr").toString());
    }

    @Test
    void movesKafkaCouldNotCompleteOrDidCompleteAreValid() throws Exception {
        assertEquals(List.of(), List.copyOf(judge(OpType.OK, move("[1, 2, 3]", "[1, 4, 3]", "[1, 4]", null)).anomalyTypes()), "completed");
        assertEquals(List.of(), List.copyOf(judge(OpType.INFO, move("[1, 2, 3]", "[1, 4, 3]", "[1, 2]", "[0]")).anomalyTypes()),
                "the added replica not in sync yet");
        assertEquals(List.of(), List.copyOf(judge(OpType.INFO, move("[1, 2, 3]", "[1, 3]", "[1]", "[0]")).anomalyTypes()),
                "a smaller target must be in sync as a whole");
        assertEquals(List.of(), List.copyOf(judge(OpType.INFO, move("[1, 2, 3]", "[1, 4, 5]", "[1, 2, 4]", "[0]")).anomalyTypes()),
                "an added replica outside the ISR");
        assertEquals(List.of(), List.copyOf(judge(OpType.INFO, move("[1, 2, 3]", "[1, 4, 3]", "[1, 2, 4]", "[]")).anomalyTypes()),
                "no longer listed: it completed after the bound");
        assertEquals(List.of(), List.copyOf(judge(OpType.INFO, move("[1, 2, 3]", "[1, 4, 3]", "[1, 2, 4]", null)).anomalyTypes()),
                "the listing could not be read: not judged");
    }
}
