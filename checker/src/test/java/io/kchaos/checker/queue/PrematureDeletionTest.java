package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.folder.TopicRetention;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.example;
import static io.kchaos.checker.queue.HistoryBuilder.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A write missing below the drain's log start offset is expired only when the recorded retention policy let it go. */
class PrematureDeletionTest {
    private static final long SLACK_MS = 5_000;
    private static final long SEGMENT_BYTES = 1 << 20;
    private static final long SEGMENT_MS = 2_000;
    private static final long MS = 1_000_000L;

    private static RetentionPolicy policy(long retentionMs, long retentionBytes) {
        return new RetentionPolicy(new TopicRetention(retentionMs, retentionBytes, SEGMENT_BYTES, SEGMENT_MS), true, SLACK_MS);
    }

    private static CheckResult check(HistoryBuilder h, RetentionPolicy p) {
        return new QueueChecker(Optional.of(p)).check(h.build());
    }

    /** Three sends at offsets 0..2 (invoked at 0, 2 and 4 µs), then, {@code gapNanos} later, a drain from log start 2. */
    private static HistoryBuilder threeSendsDrainedFrom2(long gapNanos) {
        return new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1).send(0, 3, 0, 2).after(gapNanos)
                .drainFrom(20, Map.of(0, 2L), Map.of(0, 3L), rec(0, 2, 3));
    }

    /**
     * Offset 0 of partition 0 acknowledged, then {@code after} more sends acknowledged at the offsets above it, then a
     * drain from log start 1 that read them all: only offset 0 is missing below the log start.
     */
    private static HistoryBuilder firstOfManyDrainedFrom1(int after) {
        HistoryBuilder h = new HistoryBuilder();
        List<HistoryBuilder.Rec> read = new ArrayList<>();
        for (int o = 0; o <= after; o++) {
            h.send(0, o, 0, o);
            if (o > 0) read.add(rec(0, o, o));
        }
        return h.drainFrom(20, Map.of(0, 1L), Map.of(0, after + 1L), read.toArray(HistoryBuilder.Rec[]::new));
    }

    /** No time limit and a size limit of 1,000,000 bytes, for values padded to {@code valueBytes}. */
    private static RetentionPolicy sizeLimited(int valueBytes) {
        return new RetentionPolicy(new TopicRetention(-1, 1_000_000, SEGMENT_BYTES, SEGMENT_MS), true, SLACK_MS, valueBytes);
    }

    @Test
    void withPaddedValuesFewerRecordsAfterThanTheLimitHoldsIsPremature() {
        // 150 records of at most 256 + 4096 bytes follow offset 0: 652,800 < 1,000,000, size cannot explain it
        CheckResult r = check(firstOfManyDrainedFrom1(150), sizeLimited(4096));

        assertOnly(r, Anomalies.PREMATURE_DELETION.key(), 1);
        ObjectNode ex = example(r, Anomalies.PREMATURE_DELETION.key(), 0);
        assertEquals(0, ex.get("offset").asLong());
        assertEquals(150, ex.get("records-after-at-most").asLong());
        assertEquals(4352, ex.get("record-bytes-at-most").asLong());
        assertEquals(652_800, ex.get("bytes-after-at-most").asLong());
        assertEquals(0, r.stats().get("expired").asLong());
    }

    @Test
    void withPaddedValuesEnoughRecordsAfterToFillTheLimitAreExpired() {
        // 300 records of at most 4352 bytes: 1,305,600 >= 1,000,000, a size deletion may have taken offset 0
        CheckResult r = check(firstOfManyDrainedFrom1(300), sizeLimited(4096));

        assertValid(r);
        assertEquals(1, r.stats().get("expired").asLong());
    }

    @Test
    void withoutPaddingTheSameRecordsAfterCannotFillTheLimit() {
        // 300 records of at most 256 bytes: 76,800 < 1,000,000, as before value-bytes
        CheckResult r = check(firstOfManyDrainedFrom1(300), sizeLimited(0));

        assertOnly(r, Anomalies.PREMATURE_DELETION.key(), 1);
        ObjectNode ex = example(r, Anomalies.PREMATURE_DELETION.key(), 0);
        assertEquals(Deletions.MAX_RECORD_LOG_BYTES, ex.get("record-bytes-at-most").asLong());
        assertEquals(300 * Deletions.MAX_RECORD_LOG_BYTES, ex.get("bytes-after-at-most").asLong());
    }

    @Test
    void aDeletionTheTimeLimitAllowedIsExpired() {
        CheckResult r = check(threeSendsDrainedFrom2(31_000 * MS), policy(30_000, -1));

        assertValid(r);
        assertEquals(2, r.stats().get("expired").asLong());
        assertFalse(r.warnings().toString().contains("no retention policy"), r.warnings().toString());
    }

    @Test
    void aDeletionWithinRetentionIsPrematureAndInvalid() {
        HistoryBuilder h = threeSendsDrainedFrom2(1_000 * MS);
        long drainIndex = h.last();
        CheckResult r = check(h, policy(TopicRetention.KAFKA_DEFAULTS.retentionMs(), -1));

        assertOnly(r, Anomalies.PREMATURE_DELETION.key(), 2);
        assertEquals(0, r.stats().get("expired").asLong());
        ObjectNode ex = example(r, Anomalies.PREMATURE_DELETION.key(), 0);
        assertEquals(0, ex.get("partition").asInt());
        assertEquals(0, ex.get("offset").asLong());
        assertEquals(1, ex.get("value").asLong());
        assertEquals(1, ex.get("index").asLong());
        assertEquals(0, ex.get("send-time").asLong());
        assertEquals(2, ex.get("log-start-offset").asLong());
        assertEquals(drainIndex, ex.get("log-start-index").asLong());
        assertEquals(1_001, ex.get("age-ms").asLong()); // 1 s and 7 µs, rounded up
        assertEquals(TopicRetention.KAFKA_DEFAULTS.retentionMs(), ex.get("retention.ms").asLong());
        assertEquals(-1, ex.get("retention.bytes").asLong());
        assertEquals(SEGMENT_BYTES, ex.get("segment.bytes").asLong());
        assertEquals(SEGMENT_MS, ex.get("segment.ms").asLong());
        assertEquals(SLACK_MS, ex.get("clock-slack-ms").asLong());
        assertEquals(2, ex.get("records-after-at-most").asLong());
        assertEquals(2 * Deletions.MAX_RECORD_LOG_BYTES, ex.get("bytes-after-at-most").asLong());
    }

    @Test
    void noLimitAtAllMakesAnyDeletionPremature() {
        CheckResult r = check(threeSendsDrainedFrom2(365L * 24 * 3_600_000 * MS), policy(-1, -1));

        assertOnly(r, Anomalies.PREMATURE_DELETION.key(), 2);
    }

    @Test
    void exactlyAtTheTimeLimitIsPrematureAndJustPastItExpired() {
        // Kafka deletes a segment once its newest record is MORE than retention.ms old; offset 0 was invoked at time 0
        long drainOkIndex = 7; // 3 sends of 2 lines, then the drain's invocation and its completion
        long atLimit = (30_000 - SLACK_MS) * MS - drainOkIndex * 1_000;
        CheckResult at = check(threeSendsDrainedFrom2(atLimit), policy(30_000, -1));
        CheckResult past = check(threeSendsDrainedFrom2(atLimit + 1), policy(30_000, -1));

        assertEquals(25_000, example(at, Anomalies.PREMATURE_DELETION.key(), 0).get("age-ms").asLong());
        assertEquals(0, example(at, Anomalies.PREMATURE_DELETION.key(), 0).get("offset").asLong());
        assertEquals(2, at.count(Anomalies.PREMATURE_DELETION.key()), () -> at.toJson().toPrettyString());
        // 1 ns later offset 0 is past the limit; offset 1, invoked 2 µs after it, is not yet
        assertOnly(past, Anomalies.PREMATURE_DELETION.key(), 1);
        assertEquals(1, example(past, Anomalies.PREMATURE_DELETION.key(), 0).get("offset").asLong());
        assertEquals(1, past.stats().get("expired").asLong());
    }

    @Test
    void theSizeLimitAllowsADeletionOnlyWhileAtLeastItsBytesMayFollow() {
        // at most 2 records (512 bytes) may follow offset 0, at most 1 (256 bytes) offset 1: a 512-byte limit let
        // offset 0 go (exactly at the limit) but not offset 1
        CheckResult r = check(threeSendsDrainedFrom2(MS), policy(-1, 2 * Deletions.MAX_RECORD_LOG_BYTES));

        assertOnly(r, Anomalies.PREMATURE_DELETION.key(), 1);
        ObjectNode ex = example(r, Anomalies.PREMATURE_DELETION.key(), 0);
        assertEquals(1, ex.get("offset").asLong());
        assertEquals(1, ex.get("records-after-at-most").asLong());
        assertEquals(1, r.stats().get("expired").asLong());
    }

    @Test
    void sendsWhoseRecordMayBeAnywhereCountAfterEveryRecord() {
        // an indeterminate send (any partition, any time) may have put a record above offset 1: 512 bytes may follow it
        HistoryBuilder h = new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1).send(0, 3, 0, 2).sendInfo(1, 9)
                .drainFrom(20, Map.of(0, 2L), Map.of(0, 3L), rec(0, 2, 3));
        CheckResult r = check(h, policy(-1, 2 * Deletions.MAX_RECORD_LOG_BYTES));

        assertEquals(2, r.stats().get("expired").asLong());
        assertFalse(r.anomalyTypes().contains(Anomalies.PREMATURE_DELETION.key()), () -> r.toJson().toPrettyString());
    }

    @Test
    void withoutIdempotentProducersTheSizeLimitIsNeverRuledOut() {
        RetentionPolicy notIdempotent = new RetentionPolicy(new TopicRetention(-1, 1L << 40, SEGMENT_BYTES, SEGMENT_MS), false, SLACK_MS);
        CheckResult r = check(threeSendsDrainedFrom2(MS), notIdempotent);

        assertValid(r);
        assertEquals(2, r.stats().get("expired").asLong());
    }

    @Test
    void withoutARecordedPolicyEveryWriteBelowTheLogStartIsExpiredWithAWarning() {
        CheckResult r = new QueueChecker().check(threeSendsDrainedFrom2(MS).build());

        assertValid(r);
        assertEquals(2, r.stats().get("expired").asLong());
        assertTrue(r.warnings().toString().contains("no retention policy recorded"), r.warnings().toString());
    }

    @Test
    void aLiveChangeToAShorterRetentionIsTheLimitJudgedBy() {
        // retention.ms went from 7 days to 1 s during the run (alter-config): a deletion 2 s later was allowed
        ObjectNode change = Json.object().put("config", "retention.ms").put("from", "604800000").put("to", "1000");
        HistoryBuilder h = new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1).send(0, 3, 0, 2)
                .line(Op.NEMESIS, OpType.INVOKE, NemesisOps.ALTER_CONFIG.f(), change)
                .line(Op.NEMESIS, OpType.OK, NemesisOps.ALTER_CONFIG.f(), change).after(SLACK_MS * MS)
                .drainFrom(20, Map.of(0, 2L), Map.of(0, 3L), rec(0, 2, 3));
        RetentionPolicy sevenDays = new RetentionPolicy(TopicRetention.KAFKA_DEFAULTS, true, SLACK_MS);

        assertValid(check(h, sevenDays));
    }

    @Test
    void aLiveChangeToAValueThatIsNoNumberLeavesThePolicyUnknown() {
        ObjectNode change = Json.object().put("config", "retention.bytes").put("from", "-1").put("to", "lots");
        HistoryBuilder h = new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1)
                .line(Op.NEMESIS, OpType.INVOKE, NemesisOps.ALTER_CONFIG.f(), change)
                .drainFrom(20, Map.of(0, 1L), Map.of(0, 2L), rec(0, 1, 2));
        CheckResult r = check(h, new RetentionPolicy(TopicRetention.KAFKA_DEFAULTS, true, SLACK_MS));

        assertValid(r);
        assertTrue(r.warnings().toString().contains("no retention policy recorded"), r.warnings().toString());
    }

    @Test
    void aWriteAtOrAboveTheLogStartMissingFromTheDrainIsStillLost() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1).send(0, 3, 0, 2)
                .drainFrom(20, Map.of(0, 1L), Map.of(0, 3L), rec(0, 2, 3)), policy(-1, -1));

        assertEquals(1, r.count(Anomalies.LOST_WRITE.key()));
        assertEquals(1, r.count(Anomalies.PREMATURE_DELETION.key()));
        assertEquals(0, example(r, Anomalies.PREMATURE_DELETION.key(), 0).get("offset").asLong());
    }
}
