package io.kchaos.checker.queue;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.check;
import static io.kchaos.checker.queue.Checks.example;
import static io.kchaos.checker.queue.HistoryBuilder.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** inconsistent-offsets and duplicate. */
class OffsetAnomaliesTest {

    @Test
    void twoAcknowledgementsOfOneOffsetAreInconsistent() {
        HistoryBuilder h = new HistoryBuilder().send(0, 7, 1, 3);
        long first = h.last();
        h.send(1, 20, 1, 3);
        long second = h.last();

        CheckResult r = check(h);

        assertOnly(r, Anomalies.INCONSISTENT_OFFSETS.key(), 1);
        ObjectNode ex = example(r, Anomalies.INCONSISTENT_OFFSETS.key(), 0);
        assertEquals(1, ex.get("partition").asInt());
        assertEquals(3, ex.get("offset").asLong());
        assertEquals("[7,20]", ex.get("values").toString());
        assertEquals("[" + first + "," + second + "]", ex.get("indexes").toString());
    }

    @Test
    void anAcknowledgementAndAReadOfOneOffsetThatDisagreeAreInconsistent() {
        // the read (of an indeterminate send) comes first; the values are still listed in ascending order
        HistoryBuilder h = new HistoryBuilder().sendInfo(1, 20).poll(10, rec(1, 3, 20));
        long read = h.last();
        h.send(0, 7, 1, 3);
        long ack = h.last();

        CheckResult r = check(h);

        assertOnly(r, Anomalies.INCONSISTENT_OFFSETS.key(), 1);
        ObjectNode ex = example(r, Anomalies.INCONSISTENT_OFFSETS.key(), 0);
        assertEquals("[7,20]", ex.get("values").toString());
        assertEquals("[" + ack + "," + read + "]", ex.get("indexes").toString());
    }

    @Test
    void twoReadsOfOneOffsetThatDisagreeAreInconsistent() {
        CheckResult r = check(new HistoryBuilder().sendInfo(0, 1).sendInfo(1, 2)
                .poll(10, rec(0, 0, 1)).poll(11, rec(0, 0, 2)));

        assertOnly(r, Anomalies.INCONSISTENT_OFFSETS.key(), 1);
        assertEquals("[1,2]", example(r, Anomalies.INCONSISTENT_OFFSETS.key(), 0).get("values").toString());
    }

    @Test
    void anAcknowledgementNamingAnotherOffsetThanTheReadIsInconsistentNotDuplicate() {
        HistoryBuilder h = new HistoryBuilder().send(0, 7, 0, 3);
        long ack = h.last();
        h.poll(10, rec(0, 4, 7));
        long read = h.last();

        CheckResult r = check(h);

        assertOnly(r, Anomalies.INCONSISTENT_OFFSETS.key(), 1);
        ObjectNode ex = example(r, Anomalies.INCONSISTENT_OFFSETS.key(), 0);
        assertEquals(3, ex.get("offset").asLong());
        assertEquals(7, ex.get("value").asLong());
        assertEquals(ack, ex.get("index").asLong());
        assertEquals(4, ex.get("reads").get(0).get("offset").asLong());
        assertEquals(read, ex.get("reads").get(0).get("index").asLong());
    }

    @Test
    void aValueAtTwoOffsetsAgainstAnotherAcknowledgementIsOneCase() {
        // 7 acknowledged at 3 but read at 4, where 8 was acknowledged: the conflict at 4 tells the whole story
        CheckResult r = check(new HistoryBuilder().send(0, 7, 0, 3).send(0, 8, 0, 4).poll(10, rec(0, 4, 7)));

        assertEquals(1, r.count(Anomalies.INCONSISTENT_OFFSETS.key()), () -> r.toJson().toPrettyString());
        assertEquals(4, example(r, Anomalies.INCONSISTENT_OFFSETS.key(), 0).get("offset").asLong());
        assertEquals(0, r.count(Anomalies.DUPLICATE.key()));
    }

    @Test
    void aValueReadAtTwoOffsetsIsADuplicate() {
        HistoryBuilder h = new HistoryBuilder().send(0, 5, 0, 0).poll(10, rec(0, 0, 5));
        long firstRead = h.last();
        h.poll(11, rec(0, 1, 5));
        long secondRead = h.last();
        h.poll(11, rec(0, 2, 5)).poll(12, rec(0, 1, 5)); // a third position and a repeat of the second

        CheckResult r = check(h);

        assertOnly(r, Anomalies.DUPLICATE.key(), 1);
        ObjectNode ex = example(r, Anomalies.DUPLICATE.key(), 0);
        assertEquals(5, ex.get("value").asLong());
        assertEquals(3, ex.get("reads").size());
        assertEquals(firstRead, ex.get("reads").get(0).get("index").asLong());
        assertEquals(1, ex.get("reads").get(1).get("offset").asLong());
        assertEquals(secondRead, ex.get("reads").get(1).get("index").asLong());
        assertEquals(0, ex.get("ack").get("offset").asLong());
    }

    @Test
    void duplicatesAcrossPartitionsAreFound() {
        CheckResult r = check(new HistoryBuilder().sendInfo(0, 5).poll(10, rec(0, 0, 5), rec(1, 0, 5)));

        assertOnly(r, Anomalies.DUPLICATE.key(), 1);
    }

    @Test
    void manyConsumersRereadingOnePositionIsNoDuplicate() {
        CheckResult r = check(new HistoryBuilder().send(0, 5, 0, 0).send(0, 6, 0, 1)
                .poll(10, rec(0, 0, 5), rec(0, 1, 6)).poll(11, rec(0, 0, 5), rec(0, 1, 6))
                .pollAfterSeek(10, Map.of(0, 0L), rec(0, 0, 5))
                .drain(20, Map.of(0, 2L), rec(0, 0, 5), rec(0, 1, 6)));

        assertValid(r);
        assertEquals(List.of(), r.warnings());
    }
}
