package io.kchaos.checker.queue;

import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The history index where an offset was first seen, which the partition logs take from the value table unless the
 * first sight was not the one the table names: whatever the order of acknowledgements and reads, it is the first.
 */
class FirstIndexTest {
    private final QueueLedger ledger = new QueueLedger(new CheckResult());

    @Test
    void anAcknowledgementBeforeItsReadsIsTheFirstSight() {
        ledger.sent(7, 1);
        ledger.acked(7, 0, 5, 10, 1, 2);
        ledger.read(2, QueueLedger.ReadKind.POLL, 0, 5, 7, 12);
        assertEquals(10, ledger.firstIndexAt(0, 5));
        assertEquals(7, ledger.valueAt(0, 5));
    }

    @Test
    void aReadBeforeTheAcknowledgementIsTheFirstSight() {
        ledger.sent(7, 1);
        ledger.read(2, QueueLedger.ReadKind.POLL, 0, 5, 7, 11);
        ledger.acked(7, 0, 5, 13, 1, 2);
        assertEquals(11, ledger.firstIndexAt(0, 5));
    }

    @Test
    void aDuplicateReadBeforeTheAcknowledgementIsTheFirstSightThere() {
        ledger.sent(7, 1);
        ledger.read(2, QueueLedger.ReadKind.POLL, 0, 4, 7, 11);
        ledger.read(2, QueueLedger.ReadKind.POLL, 0, 5, 7, 12);
        ledger.acked(7, 0, 5, 13, 1, 2);
        assertEquals(11, ledger.firstIndexAt(0, 4));
        assertEquals(12, ledger.firstIndexAt(0, 5));
    }

    @Test
    void aSecondAcknowledgementElsewhereIsTheFirstSightThere() {
        ledger.sent(8, 1);
        ledger.acked(8, 1, 1, 20, 1, 2);
        ledger.acked(8, 1, 2, 22, 1, 3);
        ledger.read(2, QueueLedger.ReadKind.POLL, 1, 2, 8, 24);
        assertEquals(20, ledger.firstIndexAt(1, 1));
        assertEquals(22, ledger.firstIndexAt(1, 2));
        assertEquals(8, ledger.valueAt(1, 2));
    }

    @Test
    void anOffsetClaimedTwiceKeepsItsFirstValueAndIndex() {
        ledger.sent(9, 1);
        ledger.sent(10, 1);
        ledger.acked(9, 0, 3, 30, 1, 2);
        ledger.read(2, QueueLedger.ReadKind.POLL, 0, 3, 10, 31);
        ledger.acked(10, 0, 3, 32, 1, 3);
        assertEquals(9, ledger.valueAt(0, 3));
        assertEquals(30, ledger.firstIndexAt(0, 3));
    }
}
