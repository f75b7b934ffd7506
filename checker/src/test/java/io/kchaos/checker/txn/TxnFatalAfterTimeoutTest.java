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

/**
 * txn-fatal-after-timeout on planted histories (KAFKA-20785): a negative control, then positive ones; and the stall
 * exception of fenced-without-rival. Both judge a stall by the producer's transaction timeout the completion records
 * (10 s, the workload's, when it records none).
 */
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

    /** As {@link #stalledAt20(long)}, by a producer whose transaction.timeout.ms the completion records. */
    private static TxnHistory stalledAt20(long stallMs, long timeoutMs) {
        return new TxnHistory()
                .init(0, OpType.OK, null, ID, 0, 1000, 0)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 19)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 20)
                .stalled(stallMs, timeoutMs);
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
        assertEquals(10_000, ex.get("transaction-timeout-ms").asLong(), "the default: the history does not record it");
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

    @Test
    void theRecordedTimeoutIsTheOneJudgedBy() {
        // the producer's own timeout, recorded beside the stall: 10 s recorded is the default case
        CheckResult r = replaced(stalledAt20(STALL, 10_000).txnBy(0, OpType.INFO, INVALID, ID, 0, 1000, 21)).check();
        assertOnly(r, KEY, 1);
        assertEquals(10_000, example(r, KEY, 0).get("transaction-timeout-ms").asLong());
        // a shorter one (--producer-config transaction.timeout.ms=5000): a 6 s stall is past it
        CheckResult shorter = replaced(stalledAt20(6_000, 5_000).txnBy(0, OpType.INFO, INVALID, ID, 0, 1000, 21)).check();
        assertOnly(shorter, KEY, 1);
        assertEquals(5_000, example(shorter, KEY, 0).get("transaction-timeout-ms").asLong());
    }

    @Test
    void aStallShortOfTheProducersLongerTimeoutIsNotAfterTheTimeout() {
        // --producer-config transaction.timeout.ms=60000: a 15 s stall is not past it, the coordinator cannot have
        // aborted the transaction on its timeout, so its INVALID_TXN_STATE is no timeout race
        assertValid(replaced(stalledAt20(STALL, 60_000).txnBy(0, OpType.INFO, INVALID, ID, 0, 1000, 21)).check());
    }

    @Test
    void aFencingAfterAStallShortOfTheProducersLongerTimeoutIsJudged() {
        // with a 60 s timeout nothing but a rival could have fenced the producer 15 s into its stall: no rival here
        CheckResult r = replaced(stalledAt20(STALL, 60_000).txnBy(0, OpType.INFO, FENCED, ID, 0, 1000, 21)).check();
        String rival = Anomalies.FENCED_WITHOUT_RIVAL.key();
        assertOnly(r, rival, 1);
        ObjectNode ex = example(r, rival, 0);
        assertEquals(STALL, ex.get("stalled-ms").asLong());
        assertEquals(60_000, ex.get("transaction-timeout-ms").asLong());
        // the same stall past a recorded timeout is not judged, nor a stall reaching the longer timeout
        assertValid(replaced(stalledAt20(STALL, 10_000).txnBy(0, OpType.INFO, FENCED, ID, 0, 1000, 21)).check());
        assertValid(replaced(stalledAt20(60_000, 60_000).txnBy(0, OpType.INFO, FENCED, ID, 0, 1000, 21)).check());
    }
}
