package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.FaultTally;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.folder.ResultsFields;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.check;
import static io.kchaos.checker.queue.HistoryBuilder.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Lost writes counted by the fault window they were acknowledged in (results.json {@code by-fault}). */
class LostWriteByFaultTest {
    private static final long S = 1_000_000_000L;

    @Test
    void aWriteAcknowledgedDuringOrJustBeforeAWindowCountsForItAndOthersAreOutside() {
        HistoryBuilder h = new HistoryBuilder()
                .send(0, 1, 0, 0).after(5 * S)            // lost, 5 s before any fault: outside
                .send(0, 2, 0, 1).after(S / 2)            // lost, 0.5 s before the reassignment: counts for it
                .line(Op.NEMESIS, OpType.INVOKE, "reassign", null)
                .send(0, 3, 0, 2).after(2 * S)            // lost during the reassignment
                .line(Op.NEMESIS, OpType.OK, "reassign", null).after(5 * S)
                .send(0, 4, 0, 3)                         // lost, long after it ended: outside
                .send(0, 5, 0, 4)                         // read: not a case
                .drain(9, Map.of(0, 5L), rec(0, 4, 5));

        CheckResult r = check(h);

        assertEquals(4, r.count(Anomalies.LOST_WRITE.key()));
        FaultTally t = r.anomalies().get(Anomalies.LOST_WRITE.key()).byFault();
        assertEquals(4, t.timed());
        assertEquals(2, t.in(1), "negative control: the two writes acknowledged in or just before the reassignment are laid at its door");
        assertEquals(2, t.outside(), "positive control: writes acknowledged far from every fault are not");
        assertEquals("2 in #1 reassign (5.5-7.5 s); 2 outside every fault window", t.summary());
        JsonNode json = r.toJson().path(ResultsFields.ANOMALIES).path(Anomalies.LOST_WRITE.key()).path(ResultsFields.Anomaly.BY_FAULT);
        JsonNode w = json.path(ResultsFields.ByFault.WINDOWS).get(0);
        assertEquals("reassign", w.path(ResultsFields.ByFault.F).asText());
        assertEquals(2, w.path(ResultsFields.ByFault.CASES).asLong());
        assertEquals(1, w.path(ResultsFields.ByFault.WINDOW).asInt());
    }

    @Test
    void aHistoryWithoutFaultsOrWithoutLossHasNoTally() {
        CheckResult lossNoFault = check(new HistoryBuilder().send(0, 1, 0, 0).drain(9, Map.of(0, 1L)));
        assertNull(lossNoFault.anomalies().get(Anomalies.LOST_WRITE.key()).byFault());
        assertFalse(lossNoFault.toJson().path(ResultsFields.ANOMALIES).path(Anomalies.LOST_WRITE.key()).has(ResultsFields.Anomaly.BY_FAULT));

        CheckResult validWithFault = check(new HistoryBuilder().nemesisOk("kill").send(0, 1, 0, 0).nemesisOk("start")
                .drain(9, Map.of(0, 1L), rec(0, 0, 1)));
        assertValid(validWithFault);
    }
}
