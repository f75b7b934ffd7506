package io.kchaos.checker.txn;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.example;
import static io.kchaos.checker.txn.TxnHistory.r;
import static io.kchaos.checker.txn.TxnHistory.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What KAFKA-17754 leaves in a txn history written with send-rounds=2 (docs/findings.md, kafka-17754): a stale
 * EndTxn, accepted under transactions v1 after the first round of the producer's next transaction, ends that
 * transaction early; the second round then lands in a transaction of its own, or is refused. Each outcome the client
 * is told is planted with what read_committed consumers saw, and the checker must name exactly the violations.
 */
class StaleEndTxnHistoriesTest {
    private static final int[] THREE_THEN_ONE = {3, 1};
    private static final int[] ONE_THEN_ONE = {1, 1};

    @Test
    void firstRoundCommittedEarlyAndSecondRoundRefusedIsTorn() {
        // run 20261202T005911: 333-335 committed by the stale EndTxn(commit); 336 (partition 0 again) refused by
        // partition verification, the client's abort refused (INVALID_TXN_STATE): info, and 336 never appended
        TxnHistory h = new TxnHistory().txnInRounds(2, OpType.INFO, false, THREE_THEN_ONE,
                s(333, 0, 160), s(334, 1, 174), s(335, 2, 159), s(336, 0, -1));
        long txn = h.last();
        CheckResult r = h.drain(9, Map.of(0, 858L, 1, 860L, 2, 850L), r(0, 160, 333), r(1, 174, 334), r(2, 159, 335)).check();

        assertOnly(r, Anomalies.TORN_TXN.key(), 1);
        ObjectNode ex = example(r, Anomalies.TORN_TXN.key(), 0);
        assertEquals(txn, ex.get("index").asLong());
        assertEquals(336, ex.get("missing").get(0).get("value").asLong());
        assertEquals(858, ex.get("missing").get(0).get("drain-end-offset").asLong());
    }

    @Test
    void firstRoundCommittedEarlyThenAnAbortTheCoordinatorAcceptedIsAnAbortedRead() {
        // the second round's new partition opened a transaction of its own; the client's abort ended that one (fail),
        // while the first round stays committed
        TxnHistory h = new TxnHistory().txnInRounds(0, OpType.FAIL, true, ONE_THEN_ONE, s(10, 0, 5), s(11, 1, 7));
        long abort = h.last();
        CheckResult r = h.drain(9, Map.of(0, 6L, 1, 9L), r(0, 5, 10)).check();

        assertOnly(r, "G1a", 1);
        assertEquals(10, example(r, "G1a", 0).get("value").asLong());
        assertEquals(abort, example(r, "G1a", 0).get("fail-index").asLong());
    }

    @Test
    void firstRoundAbortedEarlyThenACommitOfTheSecondRoundLosesTheFirst() {
        // a stale EndTxn(abort) of a deliberately aborted transaction ended the next one's first round; the second
        // round, to a new partition, was committed in a transaction of its own and the client was told ok
        CheckResult r = new TxnHistory().txnInRounds(1, OpType.OK, false, ONE_THEN_ONE, s(20, 0, 3), s(21, 1, 4))
                .drain(9, Map.of(0, 5L, 1, 6L), r(1, 4, 21))
                .check();

        assertEquals(List.of("lost-write", Anomalies.TORN_TXN.key()), r.anomalyTypes(), r.toJson()::toPrettyString);
        assertEquals(20, example(r, "lost-write", 0).get("value").asLong());
    }

    @Test
    void bothRoundsCommittedInTwoCoordinatorTransactionsIsValid() {
        // run 20261202T005911, txn 1370: the stale commit ended round 1, round 2 went to a new partition and the
        // client's commit committed it: the client's ok is true of every record, so nothing is reported
        assertValid(new TxnHistory().txnInRounds(1, OpType.OK, false, new int[]{3, 2},
                        s(1246, 1, 632), s(1247, 0, 643), s(1248, 0, 644), s(1249, 2, 604), s(1250, 2, 605))
                .drain(9, Map.of(0, 700L, 1, 700L, 2, 700L),
                        r(1, 632, 1246), r(0, 643, 1247), r(0, 644, 1248), r(2, 604, 1249), r(2, 605, 1250))
                .check());
    }

    @Test
    void aFencedStaleEndTxnLeavesConsistentOutcomesWhichAreValid() {
        // transactions v2: the stale EndTxn is PRODUCER_FENCED; the next transaction commits whole, an aborted one
        // stays invisible, and an info one that nobody saw proves nothing
        assertValid(new TxnHistory()
                .txnInRounds(0, OpType.OK, false, ONE_THEN_ONE, s(30, 0, 0), s(31, 0, 1))
                .txnInRounds(0, OpType.FAIL, true, ONE_THEN_ONE, s(32, 1, 0), s(33, 2, 0))
                .txnInRounds(1, OpType.INFO, false, ONE_THEN_ONE, s(34, 1, 2), s(35, 1, -1))
                .drain(9, Map.of(0, 3L, 1, 4L, 2, 2L), r(0, 0, 30), r(0, 1, 31))
                .check());
    }
}
