package io.kchaos.checker.queue;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.OpType;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.check;
import static io.kchaos.checker.queue.Checks.example;
import static io.kchaos.checker.queue.HistoryBuilder.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** G1a: a value whose send definitely failed was read. */
class AbortedReadTest {

    @Test
    void readOfAFailedSendIsG1a() {
        HistoryBuilder h = new HistoryBuilder().sendFail(0, 9);
        long fail = h.last();
        h.poll(10, rec(2, 4, 9));
        long read = h.last();

        CheckResult r = check(h);

        assertOnly(r, Anomalies.G1A.key(), 1);
        ObjectNode ex = example(r, Anomalies.G1A.key(), 0);
        assertEquals(9, ex.get("value").asLong());
        assertEquals(2, ex.get("partition").asInt());
        assertEquals(4, ex.get("offset").asLong());
        assertEquals(read, ex.get("index").asLong());
        assertEquals(fail, ex.get("fail-index").asLong());
        assertEquals(1, r.stats().get("send").get("fail").asLong());
    }

    @Test
    void readBeforeTheFailureArrivesIsG1aToo() {
        // the consumer sees the record before the producer's fail comes back; the fail carries no value of its own
        CheckResult r = check(new HistoryBuilder().sendInvoke(0, 9).poll(10, rec(0, 0, 9))
                .line(0, OpType.FAIL, "send", null));

        assertOnly(r, Anomalies.G1A.key(), 1);
    }

    @Test
    void readOfAnIndeterminateSendIsNoG1a() {
        CheckResult r = check(new HistoryBuilder().sendInfo(0, 9).poll(10, rec(0, 0, 9)));

        assertValid(r);
    }

    @Test
    void failedSendNeverReadIsFine() {
        CheckResult r = check(new HistoryBuilder().sendFail(0, 9).send(1, 10, 0, 0).poll(10, rec(0, 0, 10)));

        assertValid(r);
    }
}
