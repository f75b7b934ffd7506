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

/** fenced-without-rival, unmapped-without-rival and the producer figures, on planted histories: negative and positive controls. */
class ProducerTimelineTest {
    private static final String ID = "kchaos-txn-0";
    private static final String FENCED = "ProducerFencedException: There is a newer producer with the same transactionalId "
            + "which fences the current one.";
    private static final String FENCED_KEY = Anomalies.FENCED_WITHOUT_RIVAL.key();
    private static final String UNMAPPED = "InvalidPidMappingException: The producer attempted to use a producer id which is "
            + "not currently assigned to its transactional id.";
    private static final String UNMAPPED_KEY = Anomalies.UNMAPPED_WITHOUT_RIVAL.key();

    @Test
    void aFencingWithNoOtherProducerOfItsIdIsReported() {
        CheckResult r = new TxnHistory()
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 1)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 2)
                .txnBy(0, OpType.INFO, FENCED, ID, 0, 1000, 2)
                .txnBy(1, OpType.OK, null, ID, 1, 1000, 4)
                .check();

        assertOnly(r, FENCED_KEY, 1);
        ObjectNode ex = example(r, FENCED_KEY, 0);
        assertEquals(ID, ex.get("transactional-id").asText());
        assertEquals(0, ex.get("producer-instance").asInt());
        assertEquals(5, ex.get("index").asLong());
        assertEquals(4, ex.get("invoke-index").asLong());
        assertEquals(2, ex.get("producer-epoch").asInt());
        assertEquals(1, r.stats().get("txn").get("producers").get("fencings").asLong());
    }

    @Test
    void aFencingAfterASecondInstanceOfTheIdRanIsNotReported() {
        CheckResult r = new TxnHistory()
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 1)
                .txnBy(1, OpType.OK, null, ID, 1, 1000, 3)
                .txnBy(0, OpType.INFO, FENCED, ID, 0, 1000, 1)
                .check();

        assertValid(r);
        assertEquals(1, r.stats().get("txn").get("producers").get("fencings").asLong(), "counted, not reported");
    }

    @Test
    void aFencingAfterAFailedInitializationIsNotReported() {
        // instance 0 never ran a transaction: its initialization failed, and its InitProducerId may still have acted
        assertValid(new TxnHistory()
                .txnBy(0, OpType.OK, null, ID, 1, 1000, 2)
                .txnBy(0, OpType.FAIL, FENCED, ID, 1, 1000, 2)
                .check());
    }

    @Test
    void aFencingOfAnotherIdOrOfAnEarlierFinishedInstanceStillCounts() {
        CheckResult r = new TxnHistory()
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 1)
                .txnBy(1, OpType.OK, null, "kchaos-txn-1", 0, 1001, 1)
                .txnBy(2, OpType.OK, null, ID, 1, 1000, 3)
                .txnBy(2, OpType.FAIL, FENCED, ID, 1, 1000, 3)
                .check();

        assertOnly(r, FENCED_KEY, 1);
    }

    @Test
    void aCommitAnsweredUnmappedWithNoOtherProducerOfItsIdIsReported() {
        // KAFKA-20310's answer: the rotating commit at epoch 32,766, retried at the new coordinator, which lost the
        // previous producer id; the replacement producer goes on under the new producer id
        CheckResult r = new TxnHistory()
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 32_765)
                .txnBy(0, OpType.INFO, UNMAPPED, ID, 0, 1000, 32_766)
                .txnBy(1, OpType.OK, null, ID, 1, 2000, 1)
                .check();

        assertOnly(r, UNMAPPED_KEY, 1);
        ObjectNode ex = example(r, UNMAPPED_KEY, 0);
        assertEquals(0, ex.get("producer-instance").asInt());
        assertEquals(32_766, ex.get("producer-epoch").asInt());
        assertEquals(0, r.stats().get("txn").get("producers").get("fencings").asLong(), "not a fencing");
    }

    @Test
    void aTransactionWhoseCoordinatorWasKilledWhileItWasOpenIsCountedAsEndingAcrossTheKill() {
        // the hazard KAFKA-20310's scenario needs: without such an end, a valid run never tested the failover
        CheckResult r = new TxnHistory()
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 32_765)
                .coordinatorKilledDuringNext(ID, OpType.OK)
                .txnBy(0, OpType.OK, null, ID, 0, 2000, 0)
                .txnBy(0, OpType.OK, null, ID, 0, 2000, 1)
                .check();

        assertValid(r);
        JsonNode producers = r.stats().get("txn").get("producers");
        assertEquals(1, producers.get("ends-across-coordinator-kill").asLong(), producers.toString());
        assertEquals(1, producers.get("by-transactional-id").get(ID).get("ends-across-coordinator-kill").asLong());
        assertEquals(1, producers.get("exhausted-ends-across-coordinator-kill").asLong(),
                "the rotating commit (epoch 32,765 before it, the new producer id at 0 after): " + producers);
    }

    @Test
    void anEndAcrossACoordinatorKillAtALowEpochIsNotAnExhaustedOne() {
        // a producer replaced before the kill (the scenario's first, untested try): its transactions cross the kill at epoch 1
        JsonNode producers = new TxnHistory()
                .txnBy(0, OpType.INFO, "TimeoutException: Timeout expired after 5000ms while awaiting EndTxn(true)", ID, 0, 1000, 32_766)
                .txnBy(1, OpType.OK, null, ID, 1, 2000, 1)
                .coordinatorKilledDuringNext(ID, OpType.OK)
                .txnBy(1, OpType.OK, null, ID, 1, 2000, 2)
                .check().stats().get("txn").get("producers");

        assertEquals(1, producers.get("ends-across-coordinator-kill").asLong(), producers.toString());
        assertEquals(0, producers.get("exhausted-ends-across-coordinator-kill").asLong(), producers.toString());
    }

    @Test
    void aKillOfTheCoordinatorBetweenTransactionsOrOfAnotherIdsCoordinatorIsNotAnEndAcrossIt() {
        CheckResult r = new TxnHistory()
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 1)
                .coordinatorKilled(ID, OpType.OK)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 2)
                .coordinatorKilledDuringNext("kchaos-txn-1", OpType.OK)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 3)
                .coordinatorKilledDuringNext(ID, OpType.INFO)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 4)
                .check();

        assertEquals(0, r.stats().get("txn").get("producers").get("ends-across-coordinator-kill").asLong(),
                "a kill between transactions, of another id's coordinator, or that did not hold (info): no end across a kill");
    }

    @Test
    void anUnmappedProducerIdAfterASecondInstanceOfTheIdRanIsNotReported() {
        // the second instance's InitProducerId may have taken the producer id away: Kafka's own answer
        assertValid(new TxnHistory()
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 1)
                .txnBy(1, OpType.OK, null, ID, 1, 1000, 3)
                .txnBy(0, OpType.INFO, UNMAPPED, ID, 0, 1000, 1)
                .check());
    }

    @Test
    void anUnmappedProducerIdOfATransactionStalledPastItsTimeoutIsNotJudged() {
        assertValid(new TxnHistory()
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 32_765)
                .stalled(15_000, 10_000)
                .txnBy(0, OpType.INFO, UNMAPPED, ID, 0, 1000, 32_766)
                .check());
    }

    @Test
    void crossingEpochExhaustionToANewProducerIdIsValidAndCounted() {
        CheckResult r = new TxnHistory()
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 32_765)
                .txnBy(0, OpType.OK, null, ID, 0, 1000, 32_766)
                .txnBy(0, OpType.OK, null, ID, 0, 2000, 0)
                .txnBy(0, OpType.OK, null, ID, 0, 2000, 1)
                .txnBy(1, OpType.OK, null, "kchaos-txn-1", 0, 1001, 7)
                .check();

        assertValid(r);
        JsonNode p = r.stats().get("txn").get("producers");
        assertEquals(32_766, p.get("max-epoch").asInt());
        assertEquals(1, p.get("producer-id-changes").asLong());
        assertEquals(1, p.get("epoch-exhaustions").asLong());
        assertEquals(2, p.get("transactional-ids").asInt());
        JsonNode one = p.get("by-transactional-id").get(ID);
        assertEquals(4, one.get("transactions").asLong());
        assertEquals(1, one.get("instances").asInt());
        assertEquals(2, one.get("producer-ids").size());
        assertEquals(2, one.get("producer-ids").get(0).get("transactions").asLong());
        assertEquals(32_766, one.get("producer-ids").get(0).get("last-epoch").asInt());
        assertEquals(0, one.get("producer-ids").get(1).get("first-epoch").asInt());
    }

    @Test
    void aHistoryWithoutProducerFieldsHasNoProducerFigures() {
        CheckResult r = new TxnHistory().txn(0, OpType.OK, false, TxnHistory.s(1, 0, 0)).check();

        assertValid(r);
        assertFalse(r.stats().get("txn").has("producers"));
    }
}
