package io.kchaos.checker.share;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.example;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The share-group checker on micro-histories: each anomaly (negative controls), and allowed redeliveries that stay valid. */
class ShareCheckerTest {
    private static final OpType OK = OpType.OK;

    private static JsonNode share(CheckResult r) {
        return r.stats().get("share");
    }

    // ---- valid histories (positive controls) ----

    @Test
    void everyRecordAcceptedOnceIsValid() {
        CheckResult r = new ShareHistory().sends(0, 1, 2).subscribe(1).poll(1, 0, 1, 1, 1, 2, 1).ack(1, "accept", OK, 0, 1, 2)
                .catchUp(3, 3).drain(0, 1, 2).check();

        assertValid(r);
        assertEquals(3, share(r).get("deliveries").asLong());
        assertEquals(3, share(r).get("accepted").asLong());
        assertEquals(3, share(r).get("acks").get("accept").get("ok").asLong());
        assertEquals("[0]", share(r).get("partitions-caught-up").toString());
    }

    @Test
    void aReleasedRecordRedeliveredIsValid() {
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).ack(1, "release", OK, 0)
                .poll(2, 0, 2).ack(2, "accept", OK, 0).catchUp(1, 1).check();

        assertValid(r);
        assertEquals(1, share(r).get("redeliveries").get("release").asLong());
        assertEquals(2, share(r).get("deliveries").asLong());
    }

    @Test
    void aLockExpiredRecordRedeliveredIsValidAndTheLateAckIsRefused() {
        // consumer 1 stalls past its lock; consumer 2 gets the record; consumer 1's late accept is refused
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).after(31)
                .poll(2, 0, 2).ack(1, "accept", OpType.FAIL, 0).ack(2, "accept", OK, 0).catchUp(1, 1).check();

        assertValid(r);
        assertEquals(1, share(r).get("redeliveries").get("lock-expiry").asLong());
        assertEquals(1, share(r).get("lock-expiries").asLong());
    }

    @Test
    void aCrashedHoldersRecordRedeliveredIsValid() {
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).crash(1)
                .poll(2, 0, 2).ack(2, "accept", OK, 0).catchUp(1, 1).check();

        assertValid(r);
        assertEquals(1, share(r).get("redeliveries").get("crash").asLong());
    }

    @Test
    void aSecondHolderInsideTheLockIsValidWhenTheFirstHoldersAckIsRefused() {
        // a share-partition leader failover drops the in-memory lock: the first holder's ack is then refused
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).after(5)
                .poll(2, 0, 1).ack(1, "accept", OpType.FAIL, 0).ack(2, "accept", OK, 0).catchUp(1, 1).check();

        assertValid(r);
    }

    @Test
    void recordsArchivedByRejectionOrTheDeliveryLimitAreCountedApart() {
        CheckResult r = new ShareHistory().limit(2).sends(0, 1).subscribe(1).poll(1, 0, 1, 1, 1).ack(1, "reject", OK, 0)
                .ack(1, "release", OK, 1).poll(1, 1, 2).ack(1, "release", OK, 1).catchUp(2, 2).check();

        assertValid(r);
        assertEquals(1, share(r).get("archived").get("rejected").asLong());
        assertEquals(1, share(r).get("archived").get("delivery-limit").asLong());
        assertEquals(0, share(r).get("accepted").asLong());
    }

    @Test
    void anAcceptOfUnknownOutcomeMayHaveFinishedTheRecord() {
        CheckResult r = new ShareHistory().sends(0).subscribe(1).poll(1, 0, 1).ack(1, "accept", OpType.INFO, 0)
                .catchUp(1, 1).check();

        assertValid(r);
    }

    @Test
    void aRecordLastSeenOneBelowTheLimitWhoseHolderCrashedMayHaveBeenArchivedUnseen() {
        // seen at counts 1 and 2 (limit 3), released, then its consumer crashed: a fetch it never returned may have
        // taken the record to count 3, and the crash then archived it (seen on 4.4.0, docs/findings.md)
        CheckResult r = new ShareHistory().limit(3).sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).ack(1, "release", OK, 0)
                .poll(2, 0, 2).ack(2, "release", OK, 0).crash(2).catchUp(1, 1).check();

        assertValid(r);
        assertEquals(1, share(r).get("archived").get("delivery-limit-unseen").asLong());
        assertEquals(0, share(r).get("archived").get("delivery-limit").asLong());
    }

    @Test
    void aLeaveInvokedBeforeTheCatchUpCompletedMayHaveArchivedTheRecordUnseen() {
        // the crash was under way while the catch-up read the start offset: it may have come first
        ShareHistory h = new ShareHistory().limit(3).sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).ack(1, "release", OK, 0)
                .poll(2, 0, 2).ack(2, "release", OK, 0);
        h.line(2, OpType.INVOKE, "share-crash", null);
        h.catchUp(1, 1).line(2, OpType.INFO, "share-crash", null);
        CheckResult r = h.check();

        assertValid(r);
        assertEquals(1, share(r).get("archived").get("delivery-limit-unseen").asLong());
    }

    // ---- anomalies (negative controls) ----

    @Test
    void aRecordNeverDeliveredBelowTheGroupsStartOffsetIsLost() {
        ShareHistory h = new ShareHistory().sends(0, 1).subscribe(1).poll(1, 0, 1).ack(1, "accept", OK, 0);
        long catchUp = h.catchUp(2, 2).last();
        CheckResult r = h.check();

        assertOnly(r, Anomalies.SHARE_LOST.key(), 1);
        ObjectNode ex = example(r, Anomalies.SHARE_LOST.key(), 0);
        assertEquals(1, ex.get("offset").asLong());
        assertEquals(0, ex.get("deliveries").asInt());
        assertEquals(catchUp, ex.get("catch-up-index").asLong());
    }

    @Test
    void aReleasedRecordNeverDeliveredAgainIsLost() {
        CheckResult r = new ShareHistory().sends(0).subscribe(1).poll(1, 0, 1).ack(1, "release", OK, 0).catchUp(1, 1).check();

        assertOnly(r, Anomalies.SHARE_LOST.key(), 1);
        ObjectNode ex = example(r, Anomalies.SHARE_LOST.key(), 0);
        assertEquals(1, ex.get("deliveries").asInt());
        assertEquals("release ok", ex.get("last-ended").asText());
    }

    @Test
    void aRecordTwoBelowTheLimitIsLostThoughOneMemberLeftAfterItsLastSighting() {
        // one crash can account for one unseen acquisition only: count 1 + 1 stays below the limit of 3
        CheckResult r = new ShareHistory().limit(3).sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).ack(1, "release", OK, 0)
                .crash(2).catchUp(1, 1).check();

        assertOnly(r, Anomalies.SHARE_LOST.key(), 1);
        assertEquals(0, share(r).get("archived").get("delivery-limit-unseen").asLong());
    }

    @Test
    void aMemberThatLeftBeforeTheLastSightingExcusesNothing() {
        CheckResult r = new ShareHistory().limit(3).sends(0).subscribe(1).subscribe(2).subscribe(3).crash(3).poll(1, 0, 1)
                .ack(1, "release", OK, 0).poll(2, 0, 2).ack(2, "release", OK, 0).catchUp(1, 1).check();

        assertOnly(r, Anomalies.SHARE_LOST.key(), 1);
    }

    @Test
    void membersThatLeftAfterTheCatchUpSawTheStartOffsetPassTheRecordExcuseNothing() {
        // the start offset had passed the record when the catch-up completed: leaves after that cannot have archived it
        CheckResult r = new ShareHistory().limit(3).sends(0).subscribe(1).subscribe(2).subscribe(3).poll(1, 0, 1)
                .ack(1, "release", OK, 0).poll(2, 0, 2).ack(2, "release", OK, 0).catchUp(1, 1).crash(1).crash(2).crash(3).check();

        assertOnly(r, Anomalies.SHARE_LOST.key(), 1);
        assertEquals(0, share(r).get("archived").get("delivery-limit-unseen").asLong());
    }

    @Test
    void aSecondHolderInsideAValidLockWhoseFirstAckIsTakenIsConcurrentHold() {
        ShareHistory h = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).after(5);
        long second = h.poll(2, 0, 2).last();
        CheckResult r = h.ack(1, "accept", OK, 0).ack(2, "accept", OK, 0).catchUp(1, 1).check();

        assertEquals(1, r.count(Anomalies.SHARE_CONCURRENT_HOLD.key()));
        ObjectNode ex = example(r, Anomalies.SHARE_CONCURRENT_HOLD.key(), 0);
        assertEquals(1, ex.get("holder").get("process").asInt());
        assertEquals(second, ex.get("second").get("index").asLong());
    }

    @Test
    void aSecondHolderWithinTheSkewMarginOfTheLocksEndIsNotConcurrent() {
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).after(29)
                .poll(2, 0, 2).ack(1, "release", OK, 0).ack(2, "accept", OK, 0).catchUp(1, 1).check();

        assertEquals(0, r.count(Anomalies.SHARE_CONCURRENT_HOLD.key()));
    }

    @Test
    void aRecordDeliveredAfterATakenAcceptIsReported() {
        ShareHistory h = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).ack(1, "accept", OK, 0);
        long ack = h.last();
        long again = h.poll(2, 0, 2).ack(2, "accept", OK, 0).catchUp(1, 1).last() - 4;
        CheckResult r = h.check();

        assertOnly(r, Anomalies.SHARE_REDELIVERED_AFTER_ACCEPT.key(), 1);
        ObjectNode ex = example(r, Anomalies.SHARE_REDELIVERED_AFTER_ACCEPT.key(), 0);
        assertEquals(ack, ex.get("ack-index").asLong());
        assertEquals(again, ex.get("index").asLong());
    }

    @Test
    void aRecordAFetchBufferedBeforeTheAcceptReturnsLaterIsNotRedeliveredAfterAccept() {
        // consumer 2's earlier poll may have fetched (acquired) the record before consumer 1's accept was taken; kafka-clients
        // 4.1.1 returned such buffered records up to 18 s later, after the partition's leader changed
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(2).poll(1, 0, 2)
                .ack(1, "accept", OK, 0).poll(2, 0, 1).ack(2, "accept", OpType.INFO, 0).catchUp(1, 1).check();

        assertValid(r);
    }

    @Test
    void aRecordDeliveredAfterARefusedAcceptIsValid() {
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).ack(1, "accept", OpType.FAIL, 0)
                .poll(2, 0, 2).ack(2, "accept", OK, 0).catchUp(1, 1).check();

        assertValid(r);
    }

    @Test
    void aRecordDeliveredAfterATakenRejectIsReported() {
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).ack(1, "reject", OK, 0)
                .poll(2, 0, 2).ack(2, "accept", OK, 0).catchUp(1, 1).check();

        assertOnly(r, Anomalies.SHARE_REDELIVERED_AFTER_REJECT.key(), 1);
    }

    @Test
    void aDeliveryCountGoingBackwardsIsReported() {
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 2).ack(1, "release", OK, 0)
                .poll(2, 0, 1).ack(2, "accept", OK, 0).catchUp(1, 1).check();

        assertOnly(r, Anomalies.SHARE_DELIVERY_COUNT.key(), 1);
        ObjectNode ex = example(r, Anomalies.SHARE_DELIVERY_COUNT.key(), 0);
        assertEquals("backwards", ex.get("kind").asText());
        assertEquals(2, ex.get("previous-delivery-count").asInt());
    }

    @Test
    void aDeliveryCountBelowOneCompletedBeforeItsAcquisitionIsReportedPastAStaleDeliveryBetween() {
        // count 3 to consumer 1; consumer 2's fetch from before it returns the record at count 1 (stale, buffered); then
        // consumer 3 gets it at count 2, acquired after the count-3 delivery completed: backwards, though not from count 1
        ShareHistory h = new ShareHistory().sends(0).subscribe(1).subscribe(2).subscribe(3).poll(2);
        long three = h.poll(1, 0, 3).last();
        h.ack(1, "release", OK, 0).poll(2, 0, 1).ack(2, "release", OK, 0);
        long two = h.poll(3, 0, 2).last();
        CheckResult r = h.ack(3, "accept", OK, 0).catchUp(1, 1).check();

        assertOnly(r, Anomalies.SHARE_DELIVERY_COUNT.key(), 1);
        ObjectNode ex = example(r, Anomalies.SHARE_DELIVERY_COUNT.key(), 0);
        assertEquals("backwards", ex.get("kind").asText());
        assertEquals(two, ex.get("index").asLong());
        assertEquals(three, ex.get("previous-index").asLong());
        assertEquals(3, ex.get("previous-delivery-count").asInt());
    }

    @Test
    void aStaleDeliveryBetweenTwoOthersWhoseCountsHoldIsValid() {
        // the stale count-1 delivery was acquired before the count-3 one completed; the next repeats count 3
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).subscribe(3).poll(2).poll(1, 0, 3)
                .ack(1, "release", OK, 0).poll(2, 0, 1).ack(2, "release", OK, 0).poll(3, 0, 3).ack(3, "accept", OK, 0)
                .catchUp(1, 1).check();

        assertValid(r);
        assertEquals(1, share(r).get("unseen-deliveries").asLong(), "count 2 only: count 1 was seen, though late");
    }

    @Test
    void anEqualDeliveryCountAfterALostAcquisitionIsValid() {
        // a leader failover forgets an acquisition that was never persisted: the next delivery repeats its count
        CheckResult r = new ShareHistory().sends(0).subscribe(1).subscribe(2).poll(1, 0, 1).ack(1, "accept", OpType.FAIL, 0)
                .poll(2, 0, 1).ack(2, "accept", OK, 0).catchUp(1, 1).check();

        assertValid(r);
    }

    @Test
    void aDeliveryCountPastTheLimitIsReported() {
        CheckResult r = new ShareHistory().limit(2).sends(0).subscribe(1).poll(1, 0, 3).ack(1, "accept", OK, 0)
                .catchUp(1, 1).check();

        assertOnly(r, Anomalies.SHARE_DELIVERY_COUNT.key(), 1);
        assertEquals("over-limit", example(r, Anomalies.SHARE_DELIVERY_COUNT.key(), 0).get("kind").asText());
        assertEquals(2, share(r).get("unseen-deliveries").asLong());
    }

    @Test
    void aRecordLeftUnfinishedByTheFinalDrainIsNotFinal() {
        // both records were delivered to a consumer that crashed; nobody got them again before the drain ended
        CheckResult r = new ShareHistory().sends(0, 1).subscribe(1).poll(1, 0, 1, 1, 1).crash(1).subscribe(2)
                .catchUp(0, 2).check();

        assertEquals(2, r.count(Anomalies.SHARE_NOT_FINAL.key()));
        assertEquals(java.util.List.of(Anomalies.SHARE_NOT_FINAL.key()), r.anomalyTypes());
        ObjectNode ex = example(r, Anomalies.SHARE_NOT_FINAL.key(), 0);
        assertEquals(0, ex.get("offset").asLong());
        assertEquals("crash", ex.get("last-ended").asText());
        assertEquals(2, ex.get("end-offset").asLong());
    }

    @Test
    void aPartitionWhoseDeliveriesStoppedIsExplainedWithItsLastDeliveryAndAssignment() {
        // 4.4.0: one partition stopped delivering while it stayed assigned; the result says when and to whom
        CheckResult r = new ShareHistory().sends(0, 1, 2).subscribe(1).poll(1, 0, 1).ack(1, "accept", OK, 0).after(30)
                .catchUp(1, 3, "kchaos-share-1").check();

        assertOnly(r, Anomalies.SHARE_NOT_FINAL.key(), 2);
        assertEquals("[\"kchaos-share-1\"]", example(r, Anomalies.SHARE_NOT_FINAL.key(), 0).get("assigned-to").toString());
        String line = r.warnings().stream().filter(w -> w.startsWith("partition 0: 2 record(s) not final from offset 1")).findFirst()
                .orElseThrow(() -> new AssertionError(r.warnings()));
        assertTrue(line.contains("its last delivery was at ") && line.contains("it was then assigned to [kchaos-share-1]"), line);
        CheckResult nobody = new ShareHistory().sends(0).subscribe(1).catchUp(0, 1, new String[0]).check();
        assertTrue(nobody.warnings().stream().anyMatch(w -> w.contains("the group never delivered a record of it; it was then assigned to no member")),
                nobody.warnings().toString());
    }

    @Test
    void aLaggingStartOffsetWithEveryRecordFinishedIsAWarningOnly() {
        // Kafka 4.4 reported a start offset at the last acknowledged batch although it was accepted: not an anomaly
        CheckResult r = new ShareHistory().sends(0, 1).subscribe(1).poll(1, 0, 1, 1, 1).ack(1, "accept", OK, 0, 1)
                .catchUp(1, 2).check();

        assertValid(r);
        assertEquals(1, share(r).get("stale-start-offsets").asLong());
        assertEquals(true, r.warnings().stream().anyMatch(w -> w.contains("every record from it on finished")));
    }

    @Test
    void withoutAFinalCatchUpNothingIsJudgedAsLostAndAWarningSaysSo() {
        CheckResult r = new ShareHistory().sends(0, 1).subscribe(1).poll(1, 0, 1).ack(1, "accept", OK, 0).check();

        assertValid(r);
        assertEquals(true, r.warnings().stream().anyMatch(w -> w.contains("is not judged")));
    }

    @Test
    void anUnknownAckTypeIsAFormatError() {
        ShareHistory h = new ShareHistory().sends(0).subscribe(1).poll(1, 0, 1).ackInvoke(1, "maybe", 0);
        assertThrows(HistoryFormatException.class, h::check);
    }

    @Test
    void aPollRecordWithoutDeliveryCountIsAFormatError() {
        ShareHistory h = new ShareHistory().sends(0);
        h.line(1, OpType.INVOKE, "share-poll", null);
        h.line(1, OpType.OK, "share-poll", io.kchaos.history.Json.object().set("records",
                io.kchaos.history.Json.MAPPER.createArrayNode().add(io.kchaos.history.Json.object().put("partition", 0).put("offset", 0).put("value", 0))));
        assertThrows(HistoryFormatException.class, h::check);
    }
}
