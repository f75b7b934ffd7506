package io.kchaos.checker.txn;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.example;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** txn-fatal-after-timeout on planted histories (KAFKA-20785): a negative control, then positive ones. */
class TxnFatalAfterTimeoutTest {
    private static final String ID = "kchaos-txn-0";
    private static final String KEY = Anomalies.TXN_FATAL_AFTER_TIMEOUT.key();
    private static final String INVALID = "InvalidTxnStateException: The producer attempted a transactional operation in "
            + "an invalid state.";
    private static final String FENCED = "ProducerFencedException: There is a newer producer with the same transactionalId "
            + "which fences the current one.";
    private static final long STALL = 15_003;

    /** A producer that ran transactions up to epoch 20, then held its next one open for {@code stallMs}. */
    private static TxnHistory stalledAt20(long stallMs) {
        return new TxnHistory()
                .init(0, OpType.OK, null, ID, 0, 1000, 0)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 19)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 20)
                .stalled(stallMs);
    }

    /** The producer the worker creates after a fatal error, going on under the same producer id. */
    private static TxnHistory replaced(TxnHistory h) {
        return h.init(1, OpType.OK, null, ID, 1, 1000, 23).txnBy(1, OpType.OK, null, ID, 1, 1000, 24);
    }

    @Test
    void aStalledCommitRefusedWithInvalidTxnStateIsReported() {
        CheckResult r = replaced(stalledAt20(STALL).txnBy(0, OpType.INFO, INVALID, ID, 0, 1000, 21)).check();

        assertOnly(r, KEY, 1);
        ObjectNode ex = example(r, KEY, 0);
        assertEquals(ID, ex.get("transactional-id").asText());
        assertEquals(0, ex.get("producer-instance").asInt());
        assertEquals("info", ex.get("type").asText());
        assertFalse(ex.get("abort").asBoolean());
        assertEquals(STALL, ex.get("stalled-ms").asLong());
        assertEquals(INVALID, ex.get("error").asText());
        assertEquals(21, ex.get("producer-epoch").asInt());
        assertEquals(ex.get("index").asLong() - 1, ex.get("invoke-index").asLong());
    }

    @Test
    void theSameStallEndingInAFencingIsValid() {
        // Kafka's answer after the fix (and under transactions v1): PRODUCER_FENCED, not a fencing without a rival
        CheckResult r = replaced(stalledAt20(STALL).txnBy(0, OpType.INFO, FENCED, ID, 0, 1000, 21)).check();
        assertValid(r);
        assertEquals(1, r.stats().get("txn").get("producers").get("fencings").asLong(), "counted, not reported");
    }

    @Test
    void theSameStallEndingInTheClientsAbortIsValid() {
        assertValid(stalledAt20(STALL).txnBy(0, OpType.FAIL, null, ID, 0, 1000, 22)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 23).check());
    }

    @Test
    void aStallCommittedBeforeTheTimeoutIsValid() {
        assertValid(stalledAt20(5_000).txnBy(0, OpType.OK, null, ID, 0, 1000, 21).check());
    }

    @Test
    void invalidTxnStateWithoutAStallPastTheTimeoutIsNotJudged() {
        // the history cannot show that the coordinator had timed this transaction out
        assertValid(replaced(stalledAt20(9_999).txnBy(0, OpType.INFO, INVALID, ID, 0, 1000, 21)).check());
        assertValid(replaced(new TxnHistory().init(0, OpType.OK, null, ID, 0, 1000, 0)
                .txnBy(0, OpType.INFO, INVALID, ID, 0, 1000, 1)).check());
    }
}
