package io.kchaos.checker.queue;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.check;
import static io.kchaos.checker.queue.Checks.example;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** nonmonotonic-send: a process's later acknowledged send to a partition got a lower offset. */
class SendOrderTest {

    @Test
    void laterSendOfOneProcessAtALowerOffsetIsNonmonotonic() {
        HistoryBuilder h = new HistoryBuilder().send(0, 1, 0, 5);
        long first = h.last();
        h.send(0, 2, 1, 0).send(0, 3, 0, 3);
        long second = h.last();

        CheckResult r = check(h);

        assertOnly(r, Anomalies.NONMONOTONIC_SEND.key(), 1);
        ObjectNode ex = example(r, Anomalies.NONMONOTONIC_SEND.key(), 0);
        assertEquals(0, ex.get("process").asInt());
        assertEquals(0, ex.get("partition").asInt());
        assertEquals(3, ex.get("offset").asLong());
        assertEquals(3, ex.get("value").asLong());
        assertEquals(second, ex.get("index").asLong());
        assertEquals(5, ex.get("previous-offset").asLong());
        assertEquals(1, ex.get("previous-value").asLong());
        assertEquals(first, ex.get("previous-index").asLong());
    }

    @Test
    void differentProcessesMayInterleaveOffsets() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 5).send(1, 2, 0, 3).send(0, 3, 0, 6));

        assertValid(r);
    }

    @Test
    void aNewProcessAfterInfoStartsAfresh() {
        // process 0 timed out and went on as process 2, whose first send landed below process 0's last one
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 5).sendInfo(0, 2).send(2, 3, 0, 4));

        assertValid(r);
    }

    @Test
    void differentPartitionsAreIndependent() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 5).send(0, 2, 1, 0).send(0, 3, 0, 6));

        assertValid(r);
    }
}
