package io.kchaos.checker.group;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.OpType;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.queue.RetentionPolicy;
import io.kchaos.history.folder.TopicRetention;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.kchaos.checker.group.GroupHistory.r;
import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.example;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The consumer-group checker on micro-histories: each anomaly, and a near miss that must stay valid. */
class GroupCheckerTest {

    /** Four records in partition 0; consumer 1 reads two and commits 2, crashes; consumer 2 resumes at 2. */
    private static GroupHistory failover(long resumeAt) {
        return new GroupHistory().sends(0, 1, 2, 3)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1)).commit(1, Map.of(0, 2L))
                .crash(1)
                .subscribe(2, false).assigned(Map.of(0, resumeAt));
    }

    @Test
    void failoverResumingAtTheCommittedOffsetIsValid() {
        CheckResult r = failover(2).poll(2, r(0, 2, 2), r(0, 3, 3)).commit(2, Map.of(0, 4L))
                .catchUp(Map.of(0, 4L)).check();

        assertValid(r);
        JsonNode g = r.stats().get("group");
        assertEquals(2, g.get("assignments").asLong());
        assertEquals(4, g.get("records-consumed").asLong());
        assertEquals(0, g.get("duplicates").asLong());
        assertEquals("[0]", g.get("partitions-caught-up").toString());
        assertEquals(2, g.get("commit").get("ok").asLong());
        assertEquals(1, g.get("crash").get("info").asLong());
        assertTrue(g.path("position-resets").isMissingNode(), "positive control: a member that reads first where it resumed moved nothing");
    }

    @Test
    void aMemberReadingFirstBelowWhereItResumedIsAPositionResetWithItsRecordsOfferedAgain() {
        // consumer 2 resumes at the committed 4, but its first poll starts at 0: auto.offset.reset=earliest after an
        // out-of-range offset (KAFKA-19902's mass duplicates)
        GroupHistory h = new GroupHistory().sends(0, 1, 2, 3, 4)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1), r(0, 2, 2), r(0, 3, 3)).commit(1, Map.of(0, 4L))
                .crash(1).subscribe(2, false).assigned(Map.of(0, 4L));
        long poll = h.poll(2, r(0, 0, 0), r(0, 1, 1), r(0, 2, 2), r(0, 3, 3), r(0, 4, 4)).last();
        CheckResult r = h.commit(2, Map.of(0, 5L)).catchUp(Map.of(0, 5L)).check();

        JsonNode resets = r.stats().get("group").get("position-resets");
        assertEquals(1, resets.get("backward").asLong(), resets::toString);
        assertEquals(4, resets.get("re-offered").asLong());
        assertEquals(0, resets.get("forward").asLong());
        JsonNode ex = resets.get("examples").get(0);
        assertEquals(4, ex.get("resumed-at").asLong());
        assertEquals(0, ex.get("first-read").asLong());
        assertEquals(poll, ex.get("index").asLong());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("1 back, offering 4 known record(s) again")), r.warnings()::toString);
        assertEquals(4, r.stats().get("group").get("duplicates").asLong());
    }

    @Test
    void aMemberReadingFirstAboveWhereItResumedSkippedTheRecordsBetween() {
        // consumer 2 resumes at the committed 2 and reads 4 first: records 2 and 3 skipped, never consumed by the group
        CheckResult r = new GroupHistory().sends(0, 1, 2, 3, 4)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1)).commit(1, Map.of(0, 2L))
                .crash(1).subscribe(2, false).assigned(Map.of(0, 2L)).poll(2, r(0, 4, 4)).commit(2, Map.of(0, 5L))
                .catchUp(Map.of(0, 5L)).check();

        JsonNode resets = r.stats().get("group").get("position-resets");
        assertEquals(1, resets.get("forward").asLong(), resets::toString);
        assertEquals(2, resets.get("skipped").asLong());
        assertEquals(2, resets.get("skipped-never-consumed").asLong());
        assertEquals(2, r.count(Anomalies.LOST_BY_GROUP.key()), "what the skip cost the group is judged as lost-by-group");
    }

    @Test
    void resumingBeforeTheCommittedOffsetCountsDuplicatesOnly() {
        // the commit of 2 failed (a rebalance): at most offset 1 is committed, so consumer 2 re-reads offset 1
        CheckResult r = new GroupHistory().sends(0, 1, 2, 3)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1)).commit(1, Map.of(0, 1L))
                .commitInvoke(1, Map.of(0, 2L)).commitComplete(1, OpType.FAIL, Map.of(0, 2L), null)
                .subscribe(2, false).assigned(Map.of(0, 1L)).poll(2, r(0, 1, 1), r(0, 2, 2), r(0, 3, 3))
                .commit(2, Map.of(0, 4L)).catchUp(Map.of(0, 4L)).check();

        assertValid(r);
        assertEquals(1, r.stats().get("group").get("duplicates").asLong());
    }

    @Test
    void resumingPastTheCommittedOffsetOverAKnownRecordIsSkippedOnResume() {
        GroupHistory h = failover(3);
        long assign = h.poll(2, r(0, 3, 3)).last();
        CheckResult r = h.drain(0, 1, 2, 3).check();

        assertOnly(r, Anomalies.SKIPPED_ON_RESUME.key(), 1);
        ObjectNode ex = example(r, Anomalies.SKIPPED_ON_RESUME.key(), 0);
        assertEquals(2, ex.get("process").asInt());
        assertEquals(3, ex.get("position").asLong());
        assertEquals(2, ex.get("committed-at-most").asLong());
        assertEquals(2, ex.get("skipped-offset").asLong());
        assertEquals(2, ex.get("skipped-value").asLong());
        assertEquals(assign, ex.get("index").asLong());
    }

    @Test
    void resumingPastTheCommittedOffsetOverNothingKnownIsNoSkip() {
        // nothing is known at offset 2 (say a transaction marker): the resume skipped no record
        CheckResult r = new GroupHistory().sends(0, 1, 3)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1)).commit(1, Map.of(0, 2L))
                .crash(1).subscribe(2, false).assigned(Map.of(0, 3L)).poll(2, r(0, 3, 3)).check();

        assertValid(r);
    }

    @Test
    void resumeAtAnOffsetACommitStillInFlightAskedForIsFine() {
        CheckResult r = new GroupHistory().sends(0, 1, 2, 3)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1), r(0, 2, 2))
                .commitInvoke(1, Map.of(0, 3L))
                .subscribe(2, false).assigned(Map.of(0, 3L)).poll(2, r(0, 3, 3))
                .commitComplete(1, OpType.INFO, Map.of(0, 3L), null).check();

        assertValid(r);
    }

    @Test
    void latestResetWithoutACommitSkipsTheRecordsBeforeTheEnd() {
        // auto.offset.reset=latest: a partition with no committed offset starts at its end, past records 0..2
        CheckResult r = new GroupHistory().sends(0, 1, 2, 3)
                .subscribe(1, false).assigned(Map.of(0, 3L)).poll(1, r(0, 3, 3)).commit(1, Map.of(0, 4L))
                .catchUp(Map.of(0, 4L)).drain(0, 1, 2, 3).check();

        assertEquals(List.of(Anomalies.LOST_BY_GROUP.key(), Anomalies.SKIPPED_ON_RESUME.key()), r.anomalyTypes(),
                r.toJson()::toPrettyString);
        assertEquals(3, r.count(Anomalies.LOST_BY_GROUP.key()));
        assertEquals(0, example(r, Anomalies.SKIPPED_ON_RESUME.key(), 0).get("skipped-offset").asLong());
    }

    @Test
    void resumeWithoutAPositionIsJudgedByTheFirstRead() {
        CheckResult r = failover(-1).poll(2, r(0, 3, 3)).drain(0, 1, 2, 3).check();

        assertOnly(r, Anomalies.SKIPPED_ON_RESUME.key(), 1);
        assertEquals(3, example(r, Anomalies.SKIPPED_ON_RESUME.key(), 0).get("position").asLong());
    }

    @Test
    void committedOffsetObservedLowerAfterAHigherOneCompletedIsNonmonotonic() {
        GroupHistory h = new GroupHistory().subscribe(1, false).commit(1, Map.of(0, 4L));
        long first = h.last();
        h.subscribe(2, false).commitInvoke(2, Map.of(0, 3L)).commitComplete(2, OpType.OK, Map.of(0, 3L), Map.of(0, 2L));
        long second = h.last();
        CheckResult r = h.check();

        assertOnly(r, Anomalies.NONMONOTONIC_COMMIT.key(), 1);
        ObjectNode ex = example(r, Anomalies.NONMONOTONIC_COMMIT.key(), 0);
        assertEquals(2, ex.get("committed").asLong());
        assertEquals(4, ex.get("previous-committed").asLong());
        assertEquals(first, ex.get("previous-index").asLong());
        assertEquals(second, ex.get("index").asLong());
    }

    @Test
    void concurrentCommitsMayObserveEitherOrder() {
        // 2's commit was invoked before 1's completed: its lower observation is not a step backwards in real time
        CheckResult r = new GroupHistory().subscribe(1, false).subscribe(2, false)
                .commitInvoke(2, Map.of(0, 2L)).commit(1, Map.of(0, 4L))
                .commitComplete(2, OpType.OK, Map.of(0, 2L), Map.of(0, 2L)).check();

        assertValid(r);
    }

    @Test
    void declaredResetMayMoveCommittedOffsetsBack() {
        CheckResult r = new GroupHistory().subscribe(1, false).commit(1, Map.of(0, 4L))
                .reset(9, Map.of(0, 0L)).commit(1, Map.of(0, 1L)).check();

        assertValid(r);
    }

    @Test
    void resumingBelowACommittedOffsetAlreadyObservedIsNonmonotonic() {
        CheckResult r = new GroupHistory().sends(0, 1, 2, 3)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1), r(0, 2, 2), r(0, 3, 3))
                .commit(1, Map.of(0, 4L)).crash(1)
                .subscribe(2, false).assigned(Map.of(0, 0L)).poll(2, r(0, 0, 0)).check();

        assertOnly(r, Anomalies.NONMONOTONIC_COMMIT.key(), 1);
        assertEquals(0, example(r, Anomalies.NONMONOTONIC_COMMIT.key(), 0).get("resumed-at").asLong());
    }

    @Test
    void committingPastWhatWasProcessedLosesRecordsForTheGroup() {
        // the negative control "commit ahead": consumer 1 read offset 0 but committed 3, then left
        CheckResult r = new GroupHistory().sends(0, 1, 2, 3)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0)).commit(1, Map.of(0, 3L)).crash(1)
                .subscribe(2, false).assigned(Map.of(0, 3L)).poll(2, r(0, 3, 3)).commit(2, Map.of(0, 4L))
                .catchUp(Map.of(0, 4L)).drain(0, 1, 2, 3).check();

        assertOnly(r, Anomalies.LOST_BY_GROUP.key(), 2);
        ObjectNode ex = example(r, Anomalies.LOST_BY_GROUP.key(), 0);
        assertEquals(1, ex.get("offset").asLong());
        assertEquals(4, ex.get("end-offset").asLong());
    }

    @Test
    void recordsRetentionDeletedBeforeTheGroupReadThemAreExpiredNotLostByGroup() {
        // the drain began at log start offset 2: records 0 and 1, never polled, were deleted by retention (the member's
        // position was reset from 0 to the log start)
        CheckResult r = new GroupHistory().sends(0, 1, 2, 3)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 2, 2), r(0, 3, 3)).commit(1, Map.of(0, 4L))
                .catchUp(Map.of(0, 4L)).drainFrom(2, 2, 3).check();

        assertValid(r);
        assertEquals(2, r.stats().get("expired").asLong());
    }

    @Test
    void recordsDeletedBeforeTheirRetentionAllowedAreLostByGroupAndPrematurelyDeleted() {
        // the same run, but the topic keeps records 7 days: the ledger's one judgement makes them premature, not expired
        CheckResult r = new GroupHistory().sends(0, 1, 2, 3)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 2, 2), r(0, 3, 3)).commit(1, Map.of(0, 4L))
                .catchUp(Map.of(0, 4L)).drainFrom(2, 2, 3).check(new RetentionPolicy(TopicRetention.KAFKA_DEFAULTS, true, 5_000));

        assertEquals(List.of(Anomalies.LOST_BY_GROUP.key(), Anomalies.PREMATURE_DELETION.key()),
                r.anomalyTypes().stream().sorted().toList(), () -> r.toJson().toPrettyString());
        assertEquals(2, r.count(Anomalies.LOST_BY_GROUP.key()));
        assertEquals(2, r.count(Anomalies.PREMATURE_DELETION.key()));
        assertEquals(0, r.stats().get("expired").asLong());
        assertTrue(!r.valid());
    }

    @Test
    void aRecordAtOrAboveTheDrainsLogStartOffsetNeverPolledIsStillLostByGroup() {
        CheckResult r = new GroupHistory().sends(0, 1, 2, 3)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 2, 2), r(0, 3, 3)).commit(1, Map.of(0, 4L))
                .catchUp(Map.of(0, 4L)).drainFrom(1, 1, 2, 3).check();

        assertOnly(r, Anomalies.LOST_BY_GROUP.key(), 1);
        assertEquals(1, example(r, Anomalies.LOST_BY_GROUP.key(), 0).get("offset").asLong());
        assertEquals(1, r.stats().get("expired").asLong());
    }

    @Test
    void anOffsetReadAgainAfterATruncationHoldingAnotherRecordIsNoDuplicate() {
        // offset 1 held value 1, then (an unclean election truncated it) value 5: reading 5 there is its first read
        GroupHistory h = new GroupHistory().sends(0, 1)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1)).commit(1, Map.of(0, 2L));
        ObjectNode send = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("key", "k").put("value", 5);
        h.line(100, OpType.INVOKE, "send", send).line(100, OpType.OK, "send", send.deepCopy().put("partition", 0).put("offset", 1));
        CheckResult r = h.revoked(0).assigned(Map.of(0, 1L)).poll(1, r(0, 1, 5))
                .revoked(0).assigned(Map.of(0, 1L)).poll(1, r(0, 1, 5)).check();

        assertEquals(1, r.stats().get("group").get("duplicates").asLong(), "only the second read of value 5 at offset 1");
    }

    @Test
    void recordsInAPartitionTheGroupDidNotCatchUpOnAreNotJudged() {
        CheckResult r = new GroupHistory().sends(0, 1)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0)).commit(1, Map.of(0, 1L)).check();

        assertValid(r);
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("did not catch up")), r.warnings()::toString);
    }

    @Test
    void rebalanceIsADeclaredSeekButAnUndeclaredRewindIsNonmonotonicPoll() {
        GroupHistory base = new GroupHistory().sends(0, 1, 2)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1), r(0, 2, 2));
        assertValid(base.commit(1, Map.of(0, 1L)).revoked(0).assigned(Map.of(0, 1L)).poll(1, r(0, 1, 1)).check());

        CheckResult r = new GroupHistory().sends(0, 1, 2)
                .subscribe(1, false).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1), r(0, 2, 2))
                .poll(1, r(0, 1, 1)).check();
        assertOnly(r, "nonmonotonic-poll", 1);
    }

    @Test
    void autoCommitVariantBoundsResumesByWhatTheGroupRead() {
        // no commit ops: consumer 1 read up to offset 2, so auto-commit may have committed 3
        CheckResult r = new GroupHistory().sends(0, 1, 2, 3)
                .subscribe(1, true).assigned(Map.of(0, 0L)).poll(1, r(0, 0, 0), r(0, 1, 1), r(0, 2, 2)).crash(1)
                .subscribe(2, true).assigned(Map.of(0, 3L)).poll(2, r(0, 3, 3)).catchUp(Map.of(0, 4L)).check();

        assertValid(r);
        assertTrue(r.stats().get("group").get("auto-commit").asBoolean());
    }
}
