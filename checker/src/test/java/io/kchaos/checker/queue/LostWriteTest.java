package io.kchaos.checker.queue;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.check;
import static io.kchaos.checker.queue.Checks.example;
import static io.kchaos.checker.queue.HistoryBuilder.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LostWriteTest {

    @Test
    void acknowledgedWriteBelowAReadOffsetIsLost() {
        HistoryBuilder h = new HistoryBuilder().send(0, 1, 0, 0);
        long ackIndex = h.last();
        h.send(0, 2, 0, 1).poll(10, rec(0, 1, 2));
        long readIndex = h.last();

        CheckResult r = check(h);

        assertOnly(r, Anomalies.LOST_WRITE.key(), 1);
        ObjectNode ex = example(r, Anomalies.LOST_WRITE.key(), 0);
        assertEquals(0, ex.get("partition").asInt());
        assertEquals(0, ex.get("offset").asLong());
        assertEquals(1, ex.get("value").asLong());
        assertEquals(ackIndex, ex.get("index").asLong());
        assertEquals(0, ex.get("process").asInt());
        assertEquals(1, ex.get("highest-read-offset").asLong());
        assertEquals(readIndex, ex.get("highest-read-index").asLong());
        assertEquals(0, r.stats().get("unseen").asLong());
    }

    @Test
    void acknowledgedWriteMissingFromACompleteDrainIsLost() {
        HistoryBuilder h = new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1)
                .drain(20, Map.of(0, 2L), rec(0, 0, 1));
        long drainIndex = h.last();

        CheckResult r = check(h);

        assertOnly(r, Anomalies.LOST_WRITE.key(), 1);
        ObjectNode ex = example(r, Anomalies.LOST_WRITE.key(), 0);
        assertEquals(1, ex.get("offset").asLong());
        assertEquals(2, ex.get("value").asLong());
        assertEquals(2, ex.get("drain-end-offset").asLong());
        assertEquals(drainIndex, ex.get("drain-index").asLong());
    }

    @Test
    void anAcknowledgedWriteBelowTheDrainsLogStartOffsetIsExpiredNotLost() {
        // retention deleted offsets 0 and 1 before the drain; the drain began at log start offset 2
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1).send(0, 3, 0, 2)
                .drainFrom(20, Map.of(0, 2L), Map.of(0, 3L), rec(0, 2, 3)));

        assertValid(r);
        assertEquals(2, r.stats().get("expired").asLong());
        assertTrue(r.warnings().toString().contains("2 acknowledged write(s) never read lie below"), r.warnings().toString());
    }

    @Test
    void aWriteAtOrAboveTheLogStartOffsetMissingFromTheDrainIsStillLost() {
        // negative control of the retention rule: only what lies below the log start offset expires
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1).send(0, 3, 0, 2)
                .drainFrom(20, Map.of(0, 1L), Map.of(0, 3L), rec(0, 2, 3)));

        assertOnly(r, Anomalies.LOST_WRITE.key(), 1);
        assertEquals(1, example(r, Anomalies.LOST_WRITE.key(), 0).get("offset").asLong());
        assertEquals(1, r.stats().get("expired").asLong());
    }

    @Test
    void aNegativeLogStartOffsetIsAFormatError() {
        assertThrows(io.kchaos.history.HistoryFormatException.class, () -> check(new HistoryBuilder().send(0, 1, 0, 0)
                .drainFrom(20, Map.of(0, -1L), Map.of(0, 1L), rec(0, 0, 1))));
    }

    @Test
    void acknowledgementBeyondTheDrainedEndIsLost() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 5)
                .drain(20, Map.of(0, 1L), rec(0, 0, 1)));

        assertOnly(r, Anomalies.LOST_WRITE.key(), 1);
        assertEquals(5, example(r, Anomalies.LOST_WRITE.key(), 0).get("offset").asLong());
    }

    @Test
    void aWriteReadAndThenGoneFromACompleteDrainIsLost() {
        // read at offset 1 while the run went on, but the final drain ends at offset 1: every replica lost it
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1).poll(10, rec(0, 0, 1), rec(0, 1, 2))
                .drain(20, Map.of(0, 1L), rec(0, 0, 1)));

        assertOnly(r, Anomalies.LOST_WRITE.key(), 1);
        ObjectNode ex = example(r, Anomalies.LOST_WRITE.key(), 0);
        assertEquals(2, ex.get("value").asLong());
        assertEquals(1, ex.get("drain-end-offset").asLong());
        assertEquals(1, ex.get("reads").size());
    }

    @Test
    void aWriteReadAndStillBelowTheDrainedEndIsNotLost() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1).poll(10, rec(0, 0, 1), rec(0, 1, 2))
                .drain(20, Map.of(0, 2L), rec(0, 0, 1), rec(0, 1, 2)));

        assertValid(r);
    }

    @Test
    void drainsSplitOverSeveralOpsAreJudgedTogether() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 1, 0).send(0, 3, 1, 1)
                .drain(20, Map.of(0, 1L), rec(0, 0, 1), rec(1, 0, 2))
                .drain(20, Map.of(1, 2L), rec(1, 1, 3)));

        assertValid(r);
        assertEquals(0, r.stats().get("unseen").asLong());
        assertEquals("[0,1]", r.stats().get("partitions-drained").toString());
    }

    @Test
    void acknowledgedWriteNotReadYetIsUnseenNotLost() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1).poll(10, rec(0, 0, 1)));

        assertValid(r);
        assertEquals(1, r.stats().get("unseen").asLong());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("unseen")), r.warnings()::toString);
    }

    @Test
    void drainOfAnotherPartitionDoesNotMakeAWriteLost() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).drain(20, Map.of(1, 0L)));

        assertValid(r);
        assertEquals(1, r.stats().get("unseen").asLong());
    }

    @Test
    void readOfTheSameOffsetDoesNotMakeAnotherValueLostButConflicts() {
        // offset 0 acknowledged for value 1 but read holding 2: that is an inconsistent offset, and nothing above 0 was read
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).sendInfo(1, 2).poll(10, rec(0, 0, 2)));

        assertOnly(r, Anomalies.INCONSISTENT_OFFSETS.key(), 1);
        assertEquals(1, r.stats().get("unseen").asLong());
    }

    @Test
    void indeterminateSendsAreNeverLost() {
        // value 2 landed (read), value 3 did not: neither is an anomaly, and neither counts as unseen
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).sendInfo(0, 2).sendInfo(1, 3)
                .drain(20, Map.of(0, 2L), rec(0, 0, 1), rec(0, 1, 2)));

        assertValid(r);
        assertEquals(0, r.stats().get("unseen").asLong());
        assertEquals(2, r.stats().get("send").get("info").asLong());
    }

    @Test
    void invocationWithoutCompletionCountsAsInfo() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).sendInvoke(1, 2)
                .drain(20, Map.of(0, 1L), rec(0, 0, 1)));

        assertValid(r);
        assertEquals(1, r.stats().get("send").get("ok").asLong());
        assertEquals(1, r.stats().get("send").get("info").asLong());
        assertEquals(1, r.stats().get("invocations-without-completion").asLong());
    }
}
