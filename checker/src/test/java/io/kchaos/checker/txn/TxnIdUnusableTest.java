package io.kchaos.checker.txn;

import com.fasterxml.jackson.databind.JsonNode;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/** txn-id-unusable and the initialization figures, on planted histories: negative controls, then positive ones. */
class TxnIdUnusableTest {
    private static final String ID = "kchaos-txn-0";
    private static final String KEY = Anomalies.TXN_ID_UNUSABLE.key();
    private static final String REFUSED = "KafkaException: Unexpected error in InitProducerIdResponse; The server experienced "
            + "an unexpected error when processing the request.";
    private static final String TIMED_OUT = "TimeoutException: Timeout expired after 60000ms while awaiting InitProducerId";
    private static final long HALF_SECOND = 500_000_000L;

    /** An initialized producer that ran one transaction and was then replaced (KAFKA-20090: its EndTxn refused). */
    private static TxnHistory started() {
        return new TxnHistory()
                .init(0, OpType.OK, null, ID, 0, 1000, 0)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 1)
                .txnBy(0, OpType.INFO, "KafkaException: Unexpected error in EndTxnResponse", ID, 0, 1000, 1);
    }

    /** {@code n} attempts of process, one every 0.5 s, with instances from {@code instance}, completed type with error. */
    private static TxnHistory attempts(TxnHistory h, int process, int instance, int n, OpType type, String error) {
        for (int i = 0; i < n; i++) h.after(HALF_SECOND).init(process, type, error, ID, instance + i, -1, 0);
        return h;
    }

    @Test
    void refusalsGoingOnForTheBoundWithNoFaultAreReported() {
        TxnHistory h = started();
        attempts(h, 1, 1, 1, OpType.FAIL, "KafkaException: another error");
        attempts(h, 1, 2, 61, OpType.FAIL, REFUSED);
        CheckResult r = h.check();

        assertOnly(r, KEY, 1);
        ObjectNode ex = example(r, KEY, 0);
        assertEquals(ID, ex.get("transactional-id").asText());
        assertEquals(62, ex.get("attempts").asLong());
        assertEquals(62, ex.get("fail").asLong());
        assertEquals(30_500, ex.get("refused-for-ms").asLong());
        assertEquals(0, ex.get("healed-at").asLong());
        assertEquals(2, ex.get("errors").size(), "distinct errors, in order");
        assertEquals(REFUSED, ex.get("errors").get(1).asText());
        assertEquals(1, ex.get("last-success").get("index").asLong());
        assertEquals(1000, ex.get("last-success").get("producer-id").asLong());
        assertEquals(0, ex.get("last-success").get("producer-epoch").asInt());
        assertTrue(ex.get("last-refusal").get("index").asLong() > ex.get("first-failure").get("index").asLong());
        JsonNode counts = r.stats().get("txn").get("producers").get("by-transactional-id").get(ID).get("initializations");
        assertEquals(1, counts.get("ok").asLong());
        assertEquals(62, counts.get("fail").asLong());
        assertEquals(0, counts.get("info").asLong());
    }

    @Test
    void refusalsThatBeganInAFaultCountFromItsHeal() {
        TxnHistory h = started().nemesis("kill", "{\"nodes\": [1]}");
        attempts(h, 1, 1, 10, OpType.FAIL, REFUSED).nemesis("start", "{\"nodes\": [1]}");
        attempts(h, 1, 11, 61, OpType.FAIL, REFUSED);
        CheckResult r = h.check();

        assertOnly(r, KEY, 1);
        ObjectNode ex = example(r, KEY, 0);
        assertEquals(71, ex.get("attempts").asLong());
        assertTrue(ex.get("healed-at").asLong() > 5 * 1_000_000_000L);
        assertEquals(30_500, ex.get("refused-for-ms").asLong(), "from the heal, not from the first failure");
    }

    @Test
    void failuresInAFaultThenASuccessAreValid() {
        TxnHistory h = started().nemesis("kill", "{\"nodes\": [1]}");
        attempts(h, 1, 1, 80, OpType.FAIL, REFUSED).nemesis("start", "{\"nodes\": [1]}");
        h.after(HALF_SECOND).init(1, OpType.OK, null, ID, 81, 1000, 3).txnBy(1, OpType.OK, null, ID, 81, 1000, 4);
        CheckResult r = h.check();

        assertValid(r);
        JsonNode counts = r.stats().get("txn").get("producers").get("initializations");
        assertEquals(2, counts.get("ok").asLong());
        assertEquals(80, counts.get("fail").asLong());
    }

    @Test
    void refusalsCutShortByTheRunsEndTooSoonAfterTheHealAreNotJudged() {
        TxnHistory h = started().nemesis("kill", "{\"nodes\": [1]}");
        attempts(h, 1, 1, 80, OpType.FAIL, REFUSED).nemesis("start", "{\"nodes\": [1]}");
        attempts(h, 1, 81, 59, OpType.FAIL, REFUSED); // 29.5 s after the heal: below the bound
        assertValid(h.check());
    }

    @Test
    void refusalsWithAFaultNeverHealedAreNotJudged() {
        TxnHistory h = started().nemesis("kill", "{\"nodes\": [1]}");
        attempts(h, 1, 1, 100, OpType.FAIL, REFUSED);
        assertValid(h.check());
    }

    @Test
    void timeoutsAndProducersNeverCreatedAreNoRefusal() {
        TxnHistory h = started();
        for (int i = 0; i < 30; i++) h.after(HALF_SECOND).init(100 + i, OpType.INFO, TIMED_OUT, ID, 1 + i, -1, 0);
        for (int i = 0; i < 40; i++) {
            h.after(HALF_SECOND).initNotCreated(1, "IllegalArgumentException: no answer from the librdkafka driver", ID, 31 + i);
        }
        CheckResult r = h.check();
        assertValid(r);
        JsonNode counts = r.stats().get("txn").get("producers").get("initializations");
        assertEquals(30, counts.get("info").asLong());
        assertEquals(40, counts.get("fail").asLong());
    }

    @Test
    void aHistoryWithoutTxnInitOpsIsNotJudgedAndHasNoInitializationFigures() {
        TxnHistory h = new TxnHistory().txnBy(0, OpType.OK, null, ID, 0, 1000, 1);
        h.after(120 * 1_000_000_000L).txnBy(0, OpType.INFO, "KafkaException: Unexpected error in EndTxnResponse", ID, 0, 1000, 1);
        CheckResult r = h.check();

        assertValid(r);
        JsonNode p = r.stats().get("txn").get("producers");
        assertFalse(p.has("initializations"));
        assertFalse(p.get("by-transactional-id").get(ID).has("initializations"));
    }
}
