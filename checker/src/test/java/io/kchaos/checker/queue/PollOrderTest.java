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

/** nonmonotonic-poll and poll-skip: the order of one consumer's reads of a partition. */
class PollOrderTest {

    private static HistoryBuilder sends(int count) {
        HistoryBuilder h = new HistoryBuilder();
        for (int i = 0; i < count; i++) h.send(0, 100 + i, 0, i);
        return h;
    }

    @Test
    void rereadWithoutSeekIsNonmonotonic() {
        HistoryBuilder h = sends(3).poll(10, rec(0, 0, 100), rec(0, 1, 101));
        long first = h.last();
        h.poll(10, rec(0, 1, 101), rec(0, 2, 102));
        long second = h.last();

        CheckResult r = check(h);

        assertOnly(r, Anomalies.NONMONOTONIC_POLL.key(), 1);
        ObjectNode ex = example(r, Anomalies.NONMONOTONIC_POLL.key(), 0);
        assertEquals(10, ex.get("process").asInt());
        assertEquals(0, ex.get("partition").asInt());
        assertEquals(1, ex.get("offset").asLong());
        assertEquals(second, ex.get("index").asLong());
        assertEquals(1, ex.get("previous-offset").asLong());
        assertEquals(first, ex.get("previous-index").asLong());
    }

    @Test
    void goingBackWithinOnePollIsNonmonotonic() {
        CheckResult r = check(sends(3).poll(10, rec(0, 1, 101), rec(0, 0, 100), rec(0, 1, 101), rec(0, 2, 102)));

        assertOnly(r, Anomalies.NONMONOTONIC_POLL.key(), 1);
        assertEquals(0, example(r, Anomalies.NONMONOTONIC_POLL.key(), 0).get("offset").asLong());
    }

    @Test
    void rereadAfterADeclaredSeekIsFine() {
        CheckResult r = check(sends(3).poll(10, rec(0, 0, 100), rec(0, 1, 101), rec(0, 2, 102))
                .pollAfterSeek(10, Map.of(0, 0L), rec(0, 0, 100), rec(0, 1, 101)));

        assertValid(r);
    }

    @Test
    void seekOfAnotherPartitionDoesNotExcuseAReread() {
        CheckResult r = check(sends(3).poll(10, rec(0, 0, 100), rec(0, 1, 101))
                .pollAfterSeek(10, Map.of(1, 0L), rec(0, 0, 100)));

        assertOnly(r, Anomalies.NONMONOTONIC_POLL.key(), 1);
    }

    @Test
    void consumersAreJudgedEachOnTheirOwnAndDrainsApartFromPolls() {
        CheckResult r = check(sends(2).poll(10, rec(0, 0, 100), rec(0, 1, 101)).poll(11, rec(0, 0, 100))
                .drain(10, Map.of(0, 2L), rec(0, 0, 100), rec(0, 1, 101)));

        assertValid(r);
    }

    @Test
    void jumpOverAnAcknowledgedRecordIsAPollSkip() {
        HistoryBuilder h = sends(4).poll(10, rec(0, 0, 100));
        long before = h.last();
        h.poll(10, rec(0, 3, 103));
        long after = h.last();

        CheckResult r = check(h);

        assertEquals(1, r.count(Anomalies.POLL_SKIP.key()), () -> r.toJson().toPrettyString());
        ObjectNode ex = example(r, Anomalies.POLL_SKIP.key(), 0);
        assertEquals(10, ex.get("process").asInt());
        assertEquals(0, ex.get("previous-offset").asLong());
        assertEquals(before, ex.get("previous-index").asLong());
        assertEquals(3, ex.get("offset").asLong());
        assertEquals(after, ex.get("index").asLong());
        assertEquals(1, ex.get("skipped-offset").asLong());
        assertEquals(101, ex.get("skipped-value").asLong());
        // 101 and 102 were acknowledged and 103 read: they are lost writes too, as the spec defines them
        assertEquals(2, r.count(Anomalies.LOST_WRITE.key()));
    }

    @Test
    void knowledgeThatComesLaterInTheHistoryStillMakesASkip() {
        // consumer 10 jumps from 0 to 2; only afterwards does consumer 11 read offset 1
        CheckResult r = check(new HistoryBuilder().sendInfo(0, 100).sendInfo(0, 101).sendInfo(0, 102)
                .poll(10, rec(0, 0, 100), rec(0, 2, 102))
                .poll(11, rec(0, 0, 100), rec(0, 1, 101), rec(0, 2, 102)));

        assertOnly(r, Anomalies.POLL_SKIP.key(), 1);
        assertEquals(1, example(r, Anomalies.POLL_SKIP.key(), 0).get("skipped-offset").asLong());
    }

    @Test
    void gapWithNoKnownRecordIsNoSkip() {
        // offsets 1 and 2 hold transaction markers: no ack and no read ever names them
        CheckResult r = check(new HistoryBuilder().send(0, 100, 0, 0).send(0, 103, 0, 3)
                .poll(10, rec(0, 0, 100), rec(0, 3, 103))
                .drain(20, Map.of(0, 4L), rec(0, 0, 100), rec(0, 3, 103)));

        assertValid(r);
    }

    @Test
    void jumpAfterADeclaredSeekIsNoSkip() {
        CheckResult r = check(sends(4).poll(10, rec(0, 0, 100))
                .pollAfterSeek(10, Map.of(0, 3L), rec(0, 3, 103))
                .poll(11, rec(0, 0, 100), rec(0, 1, 101), rec(0, 2, 102), rec(0, 3, 103)));

        assertValid(r);
    }

    @Test
    void drainThatSkipsAKnownRecordIsAPollSkip() {
        // 101 was read by a consumer, then vanished from the log: the complete drain jumps over it
        CheckResult r = check(new HistoryBuilder().sendInfo(0, 100).sendInfo(0, 101).sendInfo(0, 102)
                .poll(10, rec(0, 0, 100), rec(0, 1, 101))
                .drain(20, Map.of(0, 3L), rec(0, 0, 100), rec(0, 2, 102)));

        assertOnly(r, Anomalies.POLL_SKIP.key(), 1);
        assertEquals(20, example(r, Anomalies.POLL_SKIP.key(), 0).get("process").asInt());
    }
}
