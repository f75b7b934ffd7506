package io.kchaos.checker.txn;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.example;
import static io.kchaos.checker.txn.TxnHistory.r;
import static io.kchaos.checker.txn.TxnHistory.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The transaction checker on micro-histories: each anomaly, and a near miss that must stay valid. */
class TxnCheckerTest {

    @Test
    void committedReadAndAbortedUnreadIsValidWithFigures() {
        CheckResult r = new TxnHistory()
                .txn(0, OpType.OK, false, s(1, 0, 0), s(2, 1, 0))
                .txn(0, OpType.FAIL, true, s(3, 0, 2))
                .txn(1, OpType.INFO, false, s(4, 1, -1))
                .drain(9, Map.of(0, 4L, 1, 2L), r(0, 0, 1), r(1, 0, 2))
                .check();

        assertValid(r);
        JsonNode txn = r.stats().get("txn");
        assertEquals(1, txn.get("ok").asLong());
        assertEquals(1, txn.get("fail").asLong());
        assertEquals(1, txn.get("info").asLong());
        assertEquals(1, txn.get("aborted-deliberately").asLong());
        assertEquals(2, txn.get("committed-sends").asLong());
        assertEquals(0, r.stats().get("unseen").asLong());
    }

    @Test
    void readOfAnAbortedTransactionsValueIsG1a() {
        TxnHistory h = new TxnHistory().txn(0, OpType.FAIL, true, s(3, 0, 2));
        long abort = h.last();
        CheckResult r = h.poll(5, r(0, 2, 3)).check();

        assertOnly(r, "G1a", 1);
        ObjectNode ex = example(r, "G1a", 0);
        assertEquals(3, ex.get("value").asLong());
        assertEquals(abort, ex.get("fail-index").asLong());
    }

    @Test
    void readOfAnIndeterminateTransactionsValueIsNoG1a() {
        assertValid(new TxnHistory().txn(0, OpType.INFO, false, s(3, 0, -1)).poll(5, r(0, 2, 3)).check());
    }

    @Test
    void committedSendNeverReadInADrainedPartitionIsLost() {
        CheckResult r = new TxnHistory()
                .txn(0, OpType.OK, false, s(1, 0, 0))
                .drain(9, Map.of(0, 2L))
                .check();

        assertOnly(r, "lost-write", 1);
        assertEquals(1, example(r, "lost-write", 0).get("value").asLong());
    }

    @Test
    void committedSendInAPartitionNobodyReadIsOnlyUnseen() {
        CheckResult r = new TxnHistory().txn(0, OpType.OK, false, s(1, 0, 0)).check();

        assertValid(r);
        assertEquals(1, r.stats().get("unseen").asLong());
    }

    @Test
    void indeterminateTransactionHalfVisibleIsTorn() {
        // the commit's outcome was unknown; reading value 1 proves it committed, so value 2 must be in the drain
        TxnHistory h = new TxnHistory().txn(0, OpType.INFO, false, s(1, 0, -1), s(2, 1, -1));
        long txn = h.last();
        CheckResult r = h.drain(9, Map.of(0, 1L, 1, 3L), r(0, 0, 1)).check();

        assertOnly(r, Anomalies.TORN_TXN.key(), 1);
        ObjectNode ex = example(r, Anomalies.TORN_TXN.key(), 0);
        assertEquals(txn, ex.get("index").asLong());
        assertEquals("info", ex.get("type").asText());
        assertEquals(1, ex.get("read").get(0).get("value").asLong());
        assertEquals(2, ex.get("missing").get(0).get("value").asLong());
        assertEquals(3, ex.get("missing").get(0).get("drain-end-offset").asLong());
    }

    @Test
    void indeterminateTransactionWhoseOtherPartitionWasNotReadCompletelyIsNotTorn() {
        CheckResult r = new TxnHistory().txn(0, OpType.INFO, false, s(1, 0, -1), s(2, 1, -1))
                .drain(9, Map.of(0, 1L), r(0, 0, 1))
                .check();

        assertValid(r);
    }

    @Test
    void indeterminateTransactionNeverSeenIsNotTorn() {
        assertValid(new TxnHistory().txn(0, OpType.INFO, false, s(1, 0, -1), s(2, 1, -1))
                .drain(9, Map.of(0, 0L, 1, 0L)).check());
    }

    @Test
    void committedTransactionMissingOneWriteIsTornAndLost() {
        CheckResult r = new TxnHistory().txn(0, OpType.OK, false, s(1, 0, 0), s(2, 1, 0))
                .txn(1, OpType.OK, false, s(7, 0, 1))
                .poll(5, r(1, 0, 2), r(0, 1, 7))
                .check();

        assertEquals(List.of("lost-write", Anomalies.TORN_TXN.key()), r.anomalyTypes(), r.toJson()::toPrettyString);
        ObjectNode missing = (ObjectNode) example(r, Anomalies.TORN_TXN.key(), 0).get("missing").get(0);
        assertEquals(1, missing.get("value").asLong());
        assertEquals(1, missing.get("highest-read-offset").asLong());
    }

    @Test
    void transactionPollingItsOwnWriteIsAPrecommittedRead() {
        TxnHistory h = new TxnHistory().txnWithPoll(0, OpType.OK, new TxnHistory.S[]{s(1, 0, 5)}, r(0, 5, 1));
        long txn = h.last();
        CheckResult r = h.check();

        assertOnly(r, Anomalies.PRECOMMITTED_READ.key(), 1);
        ObjectNode ex = example(r, Anomalies.PRECOMMITTED_READ.key(), 0);
        assertEquals(txn, ex.get("index").asLong());
        assertEquals(1, ex.get("value").asLong());
        assertEquals(5, ex.get("offset").asLong());
    }

    @Test
    void transactionPollingAnotherCommittedWriteIsFine() {
        CheckResult r = new TxnHistory().txn(1, OpType.OK, false, s(9, 0, 4))
                .txnWithPoll(0, OpType.OK, new TxnHistory.S[]{s(1, 0, 5)}, r(0, 4, 9))
                .check();

        assertValid(r);
        assertEquals(1, r.stats().get("txn").get("polls").asLong());
    }

    @Test
    void sendsOfOneTransactionToAPartitionGoingBackwardsAreIntNonmonotonic() {
        TxnHistory h = new TxnHistory().txn(0, OpType.OK, false, s(1, 0, 12), s(2, 0, 10));
        long txn = h.last();
        CheckResult r = h.check();

        assertOnly(r, Anomalies.INT_NONMONOTONIC_SEND.key(), 1);
        ObjectNode ex = example(r, Anomalies.INT_NONMONOTONIC_SEND.key(), 0);
        assertEquals(txn, ex.get("index").asLong());
        assertEquals("[1,2]", ex.get("values").toString());
        assertEquals("[12,10]", ex.get("offsets").toString());
    }

    @Test
    void abortedTransactionsSendsAreJudgedForOrderToo() {
        assertOnly(new TxnHistory().txn(0, OpType.FAIL, true, s(1, 0, 12), s(2, 0, 12)).check(),
                Anomalies.INT_NONMONOTONIC_SEND.key(), 1);
    }

    @Test
    void gapOfAControlRecordBetweenTwoSendsIsNoSkip() {
        // offset 11 holds nothing any reader saw (e.g. another transaction's abort marker): adjacent in the version order
        CheckResult r = new TxnHistory().txn(0, OpType.OK, false, s(1, 0, 10), s(2, 0, 12))
                .drain(9, Map.of(0, 13L), r(0, 10, 1), r(0, 12, 2))
                .check();

        assertValid(r);
        assertEquals(0, r.stats().get(TxnChecker.INT_SEND_SKIP).get("count").asLong());
    }

    @Test
    void anotherWriteBetweenTwoSendsIsAnIntSendSkipFigureNotAnAnomaly() {
        CheckResult r = new TxnHistory().txn(0, OpType.OK, false, s(1, 0, 10), s(2, 0, 12))
                .txn(1, OpType.OK, false, s(5, 0, 11))
                .drain(9, Map.of(0, 13L), r(0, 10, 1), r(0, 11, 5), r(0, 12, 2))
                .check();

        assertEquals(List.of(Anomalies.G0.key()), r.anomalyTypes(), "the interleaving is a write cycle, which Kafka allows");
        assertTrue(r.valid());
        JsonNode skip = r.stats().get(TxnChecker.INT_SEND_SKIP);
        assertEquals(1, skip.get("count").asLong());
        assertEquals(5, skip.get("examples").get(0).get("skipped-value").asLong());
    }

    @Test
    void laterTransactionOfAProcessGettingALowerOffsetIsNonmonotonicSend() {
        CheckResult r = new TxnHistory().txn(0, OpType.OK, false, s(1, 0, 20), s(2, 0, 21))
                .txn(0, OpType.OK, false, s(3, 0, 15))
                .check();

        assertEquals(List.of(Anomalies.G0_PROCESS.key(), "nonmonotonic-send"), r.anomalyTypes());
        assertEquals(1, r.count("nonmonotonic-send"));
        assertTrue(!r.valid());
        assertEquals(21, example(r, "nonmonotonic-send", 0).get("previous-offset").asLong());
    }

    @Test
    void transactionsReadingEachOthersWritesFormAG1cCycle() {
        TxnHistory h = new TxnHistory()
                .txnInvoke(0, false, s(1, 0, -1))
                .txnInvoke(1, false, s(2, 1, -1))
                .txnComplete(0, OpType.OK, false, new TxnHistory.S[]{s(1, 0, 0)}, new TxnHistory.R[]{r(1, 0, 2)});
        long first = h.last();
        h.txnComplete(1, OpType.OK, false, new TxnHistory.S[]{s(2, 1, 0)}, new TxnHistory.R[]{r(0, 0, 1)});
        CheckResult r = h.check();

        assertOnly(r, Anomalies.G1C_WR.key(), 1);
        JsonNode cycle = example(r, Anomalies.G1C_WR.key(), 0).get("cycle");
        assertEquals(2, cycle.size());
        assertTrue(cycle.findValues("index").stream().anyMatch(i -> i.asLong() == first), cycle::toString);
    }

    @Test
    void oneWayReadsFromIsNoCycle() {
        CheckResult r = new TxnHistory().txn(1, OpType.OK, false, s(2, 1, 0))
                .txnWithPoll(0, OpType.OK, new TxnHistory.S[]{s(1, 0, 0)}, r(1, 0, 2))
                .txnWithPoll(1, OpType.OK, new TxnHistory.S[]{s(3, 1, 1)}, r(1, 0, 2))
                .check();

        assertValid(r);
    }

    @Test
    void transactionWithoutCompletionCountsAsIndeterminate() {
        CheckResult r = new TxnHistory().txnInvoke(0, false, s(1, 0, -1)).poll(5, r(0, 0, 1)).check();

        assertValid(r);
        assertEquals(1, r.stats().get("txn").get("info").asLong());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("no completion")), r.warnings()::toString);
    }

    @Test
    void txnWithoutMicroOpsIsAFormatError() {
        TxnHistory h = new TxnHistory().line(0, OpType.INVOKE, "txn", Json.object().put("abort", false));
        HistoryFormatException e = assertThrows(HistoryFormatException.class, h::check);
        assertTrue(e.getMessage().contains("history index 0"), e.getMessage());
    }
}
