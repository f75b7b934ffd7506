package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.Verdict;
import io.kchaos.history.folder.TopicRetention;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.check;
import static io.kchaos.checker.queue.Checks.example;
import static io.kchaos.checker.queue.HistoryBuilder.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Acknowledged writes the final drain did not reach in a partition it did not read completely are never judged fine:
 * {@code unreadable-write} when the drain recorded that the broker could not serve them, unknown otherwise.
 */
class UnreadableWriteTest {

    /** Partition 0 drained; partition 1's writes at offsets 0..2 acknowledged and read live. */
    private static HistoryBuilder readLive() {
        return new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 1, 0).send(0, 3, 1, 1).send(0, 4, 1, 2)
                .poll(10, rec(0, 0, 1), rec(1, 0, 2), rec(1, 1, 3), rec(1, 2, 4));
    }

    // negative controls

    @Test
    void aDrainStoppedByAnErrorBelowTheEndOverWritesReadLiveIsUnreadableWrite() {
        HistoryBuilder h = readLive().drainStopped(20, Map.of(0, 1L), 1, 1, 3, "CorruptRecordException: bad crc", 2_000, 2,
                rec(0, 0, 1), rec(1, 0, 2));
        long drainIndex = h.last();
        CheckResult r = check(h);
        assertOnly(r, Anomalies.UNREADABLE_WRITE.key(), 1);
        assertEquals(Verdict.INVALID, r.verdict());
        ObjectNode ex = example(r, Anomalies.UNREADABLE_WRITE.key(), 0);
        assertEquals(1, ex.get("partition").asInt());
        assertEquals(1, ex.get("first-offset").asLong());
        assertEquals(2, ex.get("last-offset").asLong());
        assertEquals(2, ex.get("writes").asLong());
        assertEquals(3, ex.get("value").asLong());
        assertTrue(ex.get("read").asBoolean());
        assertEquals(1, ex.get("drain-position").asLong());
        assertEquals(3, ex.get("drain-end-offset").asLong());
        assertEquals("CorruptRecordException: bad crc", ex.get("drain-error").asText());
        assertEquals(drainIndex, ex.get("drain-index").asLong());
    }

    /** The remote-lose-object case: the consumer retries the broker's errors, so the drain sees only a stall. */
    @Test
    void aDrainStillFor30sBelowTheEndWithALeaderIsUnreadableWrite() {
        CheckResult r = check(readLive().drainStopped(20, Map.of(0, 1L), 1, 0, 3, null, 95_000, 2, rec(0, 0, 1)));
        assertOnly(r, Anomalies.UNREADABLE_WRITE.key(), 1);
        ObjectNode ex = example(r, Anomalies.UNREADABLE_WRITE.key(), 0);
        assertEquals(0, ex.get("first-offset").asLong());
        assertEquals(3, ex.get("writes").asLong());
        assertTrue(ex.get("drain-error").isNull());
        assertEquals(95_000, ex.get("stalled-ms").asLong());
    }

    @Test
    void aDrainThatRanOutOfTimeIsUnknownNotValid() {
        CheckResult r = check(readLive().drainStopped(20, Map.of(0, 1L), 1, 1, 3, null, 400, 2, rec(0, 0, 1), rec(1, 0, 2)));
        assertEquals(Verdict.UNKNOWN, r.verdict(), () -> r.toJson().toPrettyString());
        assertTrue(r.anomalyTypes().isEmpty());
        assertTrue(r.reason().contains("partition 1: 2 write(s) at offsets 1..2"), r.reason());
        assertTrue(r.reason().contains("stopped at offset 1 of end offset 3"), r.reason());
    }

    @Test
    void aStallWithoutALeaderProvesNothing() {
        CheckResult r = check(readLive().drainStopped(20, Map.of(0, 1L), 1, 1, 3, null, 95_000, null, rec(0, 0, 1), rec(1, 0, 2)));
        assertEquals(Verdict.UNKNOWN, r.verdict(), () -> r.toJson().toPrettyString());
    }

    /** A history without {@code unfinished} (a drain from before it): the unreached writes are unknown, never VALID. */
    @Test
    void aDrainThatRecordedNoStopIsUnknownPastWhatItRead() {
        CheckResult r = check(readLive().drain(20, Map.of(0, 1L), rec(0, 0, 1), rec(1, 0, 2)));
        assertEquals(Verdict.UNKNOWN, r.verdict(), () -> r.toJson().toPrettyString());
        assertTrue(r.reason().contains("partition 1: 2 write(s) at offsets 1..2"), r.reason());
        assertTrue(r.reason().contains("nothing recorded of why"), r.reason());
    }

    // positive controls

    @Test
    void aDrainThatReadEverythingIsValid() {
        CheckResult r = check(readLive().drain(20, Map.of(0, 1L, 1, 3L), rec(0, 0, 1), rec(1, 0, 2), rec(1, 1, 3), rec(1, 2, 4)));
        assertValid(r);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void noAcknowledgedWriteAtOrPastTheStopIsValid() {
        CheckResult r = check(readLive().drainStopped(20, Map.of(0, 1L), 1, 3, 5, "CorruptRecordException: bad crc", 95_000, 2,
                rec(0, 0, 1), rec(1, 0, 2), rec(1, 1, 3), rec(1, 2, 4)));
        assertValid(r);
        assertEquals(Verdict.VALID, r.verdict());
    }

    /** Writes read live below the log start the drain began at (retention took them) lie below its stop: not judged. */
    @Test
    void writesExpiredBelowTheLogStartAreNotUnreached() {
        CheckResult r = check(readLive().drainStopped(20, Map.of(0, 1L), 1, 3, 9, null, 95_000, 2, rec(0, 0, 1)));
        assertValid(r);
        assertEquals(Verdict.VALID, r.verdict());
    }

    /** An unreached write that the retention policy let go by the time of the drain is not judged. */
    @Test
    void anUnreachedWriteRetentionMayHaveTakenIsNotJudged() {
        HistoryBuilder h = readLive().after(60_000_000_000L)
                .drainStopped(20, Map.of(0, 1L), 1, 1, 3, null, 95_000, 2, rec(0, 0, 1), rec(1, 0, 2));
        RetentionPolicy policy = new RetentionPolicy(new TopicRetention(30_000, -1, 1 << 20, 2_000), true, 5_000);
        CheckResult r = new QueueChecker(Optional.of(policy)).check(h.build());
        assertEquals(Verdict.VALID, r.verdict(), () -> r.toJson().toPrettyString());
        CheckResult kept = new QueueChecker(Optional.of(new RetentionPolicy(new TopicRetention(-1, -1, 1 << 20, 2_000), true, 5_000)))
                .check(h.build());
        assertOnly(kept, Anomalies.UNREADABLE_WRITE.key(), 1);
    }
}
