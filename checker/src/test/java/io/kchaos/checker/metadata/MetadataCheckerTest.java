package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.Verdict;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.example;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The metadata checker on micro-histories: each anomaly planted (negative controls) and its near-misses (positive controls). */
class MetadataCheckerTest {
    private static final OpType OK = OpType.OK;
    private static final OpType FAIL = OpType.FAIL;
    private static final OpType INFO = OpType.INFO;
    private static final String LOST = Anomalies.METADATA_CHANGE_LOST.key();
    private static final String UNDONE = Anomalies.METADATA_DELETE_UNDONE.key();
    private static final String DIVERGENCE = Anomalies.METADATA_DIVERGENCE.key();
    private static final String REGRESSION = Anomalies.METADATA_OFFSET_REGRESSION.key();
    private static final String UNEXPLAINED = Anomalies.METADATA_UNEXPLAINED.key();

    /** Topic a: created with 1 partition, grown to 2, retention.ms set twice; topic b created and deleted. */
    private static MetadataHistory acknowledged() {
        return new MetadataHistory().create(1, "a", 1, OK).partitions(1, "a", 2, OK).config(1, "a", "7", OK)
                .config(1, "a", "8", OK).create(2, "b", 1, OK).delete(2, "b", OK);
    }

    // ---- positive controls ----

    @Test
    void everyAcknowledgedChangeServedByEveryBrokerIsValid() {
        CheckResult r = acknowledged().quorum(100, 1, 100, 2, 100, 3, 90).read(1, "a:2:8").read(2, "a:2:8").read(3, "a:2:8").check();

        assertValid(r);
        assertEquals(Verdict.VALID, r.verdict());
        assertEquals(6, r.stats().get("metadata").get("acknowledged").asLong());
        assertEquals(3, r.stats().get("metadata").get("brokers-read").asLong());
        assertEquals(2, r.stats().get("metadata").get("admin").get("alter-config").get("ok").asLong());
    }

    @Test
    void indeterminateOpsMayHaveHappenedOrNot() {
        // c's create, d's delete, a's third config and e's growth are info: either outcome is allowed
        CheckResult absent = acknowledged().create(3, "c", 1, INFO).create(4, "d", 1, OK).delete(4, "d", INFO)
                .config(1, "a", "9", INFO).create(5, "e", 1, OK).partitions(5, "e", 2, INFO)
                .read(1, "a:2:8", "e:1").read(2, "a:2:8", "e:1").check();
        CheckResult present = acknowledged().create(3, "c", 1, INFO).create(4, "d", 1, OK).delete(4, "d", INFO)
                .config(1, "a", "9", INFO).create(5, "e", 1, OK).partitions(5, "e", 2, INFO)
                .read(1, "a:2:9", "c:1", "d:1", "e:2").read(2, "a:2:9", "c:1", "d:1", "e:2").check();

        assertValid(absent);
        assertValid(present);
    }

    @Test
    void aFailedOpChangesNothingAndAnInfoSetIssuedBeforeAnAckedOneMayStillLand() {
        CheckResult r = new MetadataHistory().create(1, "a", 1, OK).config(1, "a", "7", INFO).config(2, "a", "8", OK)
                .partitions(2, "a", 9, FAIL).delete(2, "a", FAIL).read(1, "a:1:7").read(2, "a:1:7").check();

        assertValid(r);
    }

    @Test
    void everyBrokerTheRunStartedWithReadIsValid() {
        CheckResult r = new MetadataHistory().brokers(3, 1, 2, 3).create(1, "a", 1, OK)
                .read(1, "a:1").read(2, "a:1").read(3, "a:1").check();

        assertEquals(Verdict.VALID, r.verdict(), () -> r.toJson().toPrettyString());
        assertEquals(3, r.stats().get("metadata").get("brokers-started").asLong());
        assertEquals(0, r.stats().get("metadata").get("brokers-not-read").asLong());
    }

    @Test
    void everyDifferenceAnIndeterminateOpExplainsIsValid() {
        // c's create, d's growth and e's set are info: each broker serves one outcome of each
        CheckResult r = acknowledged().create(3, "c", 2, INFO).create(4, "d", 1, OK).partitions(4, "d", 3, INFO)
                .create(5, "e", 1, OK).config(5, "e", "9", INFO)
                .read(1, "a:2:8", "c:2", "d:3", "e:1:9").read(2, "a:2:8", "d:1", "e:1").check();

        assertValid(r);
    }

    @Test
    void anIndeterminateDeleteMayLandAfterItsInfoCompletion() {
        // the set of c was acknowledged after the delete's timeout, but the delete may land later still
        CheckResult r = acknowledged().create(3, "c", 1, OK).delete(3, "c", INFO).config(4, "c", "7", OK)
                .read(1, "a:2:8").read(2, "a:2:8").check();

        assertValid(r);
    }

    @Test
    void aDeletedTopicCreatedAgainAfterTheDeleteIsNotUndone() {
        CheckResult r = acknowledged().create(3, "b", 1, OK).read(1, "a:2:8", "b:1").read(2, "a:2:8", "b:1").check();

        assertValid(r);
    }

    @Test
    void divergenceOnATopicWithAnIndeterminateOpIsNotReported() {
        CheckResult r = acknowledged().create(3, "c", 1, OK).partitions(3, "c", 2, INFO)
                .read(1, "a:2:8", "c:2").read(2, "a:2:8", "c:1").check();

        assertValid(r);
    }

    @Test
    void aDeleteExcusesWhatItCouldHaveRemovedFromTheLifeItEnded() {
        // c: grown and set on its first life, deleted, created again; d: its delete and re-create are indeterminate
        MetadataHistory h = acknowledged().create(3, "c", 1, OK).partitions(3, "c", 3, OK).config(3, "c", "9", OK)
                .delete(3, "c", OK).create(3, "c", 2, OK).create(4, "d", 1, OK).partitions(4, "d", 2, OK)
                .delete(4, "d", INFO).create(5, "d", 1, INFO);

        assertValid(h.read(1, "a:2:8", "c:2:-", "d:1").read(2, "a:2:8", "c:2:-").check());
    }

    @Test
    void aCreateAcknowledgedWhileADeleteOfTheExistingTopicWasInFlightFollowsTheDelete() {
        // a existed; the create could only succeed after the overlapping delete removed it
        CheckResult r = new MetadataHistory().create(1, "a", 1, OK)
                .invoke(2, ClientOps.DELETE_TOPIC, MetadataHistory.topic("a"))
                .invoke(3, ClientOps.CREATE_TOPIC, MetadataHistory.topic("a", 2))
                .complete(3, OK, ClientOps.CREATE_TOPIC, MetadataHistory.topic("a", 2))
                .complete(2, OK, ClientOps.DELETE_TOPIC, MetadataHistory.topic("a"))
                .read(1, "a:2").read(2, "a:2").check();

        assertValid(r);
    }

    @Test
    void divergenceAnOutcomeOfAnIndeterminateOpExplainsIsNotReported() {
        // c's second config set and d's delete are indeterminate: one broker may read before they land, one after
        CheckResult r = acknowledged().create(3, "c", 1, OK).config(3, "c", "9", OK).config(3, "c", "10", INFO)
                .create(4, "d", 1, OK).delete(4, "d", INFO)
                .read(1, "a:2:8", "c:1:9", "d:1").read(2, "a:2:8", "c:1:10").check();

        assertValid(r);
    }

    @Test
    void lagAndTruncationAboveTheHighWatermarkAreNotRegressions() {
        // node 2 lags; node 3 held 120 with the high watermark at 80, and truncates to 90; -1 is "unknown"
        CheckResult r = acknowledged().quorum(80, 1, 120, 2, 40, 3, 120).quorum(-1, 1, -1, 2, -1, 3, -1)
                .quorum(100, 1, 130, 2, 60, 3, 90).observers(100, 4, 100).observers(120, 4, 130)
                .read(1, "a:2:8").check();

        assertValid(r);
    }

    @Test
    void withoutAcknowledgedAdminOpsTheVerdictIsUnknown() {
        CheckResult r = new MetadataHistory().create(1, "a", 1, INFO).read(1).check();

        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertEquals("nothing to judge: no admin operation was acknowledged", r.reason());
    }

    @Test
    void withoutACaughtUpReadTheVerdictIsUnknown() {
        CheckResult r = acknowledged().unread(1).check();

        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertTrue(r.reason().startsWith("nothing to judge: no broker was read"), r.reason());
    }

    // ---- negative controls ----

    @Test
    void anAcknowledgedConfigLostOnATopicWithAnIndeterminateOpIsReported() {
        // c had an info growth and an info set of the key; 7 was acknowledged, so it, or the info 8 after it, is owed
        CheckResult r = acknowledged().create(3, "c", 1, OK).config(3, "c", "7", OK).config(3, "c", "8", INFO)
                .partitions(3, "c", 2, INFO).read(1, "a:2:8", "c:2").read(2, "a:2:8", "c:2").check();

        assertOnly(r, LOST, 2);
        assertEquals("config", example(r, LOST, 0).get("kind").asText());
        assertEquals("c", example(r, LOST, 0).get("topic").asText());
    }

    @Test
    void anIndeterminateGrowthDoesNotExplainACountNoOpAskedFor() {
        // c: 1, then 2 acknowledged, then 3 indeterminate; both brokers serve 5 alike, so only this judge sees it
        CheckResult r = acknowledged().create(3, "c", 1, OK).partitions(3, "c", 2, OK).partitions(3, "c", 3, INFO)
                .read(1, "a:2:8", "c:5").read(2, "a:2:8", "c:5").check();

        assertOnly(r, UNEXPLAINED, 2);
        ObjectNode e = example(r, UNEXPLAINED, 0);
        assertEquals("partitions", e.get("kind").asText());
        assertEquals("[1,2,3]", e.get("allowed").toString());
        assertEquals(5, e.get("served").asInt());
    }

    @Test
    void anIndeterminateSetDoesNotExplainAValueNoSetWrote() {
        // the only set of c's key is info (9): none or 9 may be served, never 5
        CheckResult r = acknowledged().create(3, "c", 1, OK).config(3, "c", "9", INFO)
                .read(1, "a:2:8", "c:1:5").read(2, "a:2:8", "c:1:5").check();

        assertOnly(r, UNEXPLAINED, 2);
        assertEquals("config", example(r, UNEXPLAINED, 0).get("kind").asText());
        assertEquals("[null,\"9\"]", example(r, UNEXPLAINED, 0).get("allowed").toString());
    }

    @Test
    void aTopicServedWhoseOnlyCreateFailedIsUnexplained() {
        CheckResult r = acknowledged().create(3, "c", 1, FAIL).read(1, "a:2:8", "c:1").read(2, "a:2:8", "c:1").check();

        assertOnly(r, UNEXPLAINED, 2);
        assertEquals("topic", example(r, UNEXPLAINED, 0).get("kind").asText());
    }

    @Test
    void aBrokerThatDidNotCatchUpMakesTheVerdictUnknownNamingIt() {
        CheckResult r = acknowledged().read(1, "a:2:8").unread(2).check();

        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertTrue(r.reason().contains("1 broker(s) not read") && r.reason().contains("node 2 (TimeoutException: test)"), r.reason());
        assertEquals(1, r.stats().get("metadata").get("brokers-not-read").asLong());
        assertEquals("TimeoutException: test", r.stats().get("metadata").get("unread-brokers").get("2").asText());
    }

    @Test
    void aBrokerStartedButNeverReadMakesTheVerdictUnknownNamingIt() {
        // broker 3 is in the roster but no metadata-read names it (e.g. describeCluster left it out as fenced)
        CheckResult r = new MetadataHistory().brokers(3, 1, 2, 3).create(1, "a", 1, OK).read(1, "a:1").read(2, "a:1").check();

        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertTrue(r.reason().contains("node 3 (" + UnreadBrokers.NEVER_READ + ")"), r.reason());
        assertEquals(UnreadBrokers.NEVER_READ, r.stats().get("metadata").get("unread-brokers").get("3").asText());
    }

    @Test
    void anUnreadBrokerBesideAnAnomalyLeavesTheVerdictInvalid() {
        CheckResult r = new MetadataHistory().brokers(2, 1, 2).create(1, "a", 1, OK).read(1).check();

        assertEquals(Verdict.INVALID, r.verdict());
        assertOnly(r, LOST, 1);
    }

    @Test
    void aStartThatFoundFewerBrokersThanTheSpecOrNoneMakesTheVerdictUnknown() {
        CheckResult fewer = new MetadataHistory().brokers(3, 1, 2).create(1, "a", 1, OK).read(1, "a:1").read(2, "a:1").check();
        CheckResult none = new MetadataHistory().noBrokers(3).create(1, "a", 1, OK).read(1, "a:1").check();

        assertEquals(Verdict.UNKNOWN, fewer.verdict());
        assertTrue(fewer.reason().contains("found 2 of the 3 brokers"), fewer.reason());
        assertEquals(Verdict.UNKNOWN, none.verdict());
        assertTrue(none.reason().contains("brokers the run started with are not known"), none.reason());
    }

    @Test
    void anAcknowledgedCreateMissingOnACaughtUpBrokerIsLost() {
        CheckResult r = acknowledged().read(2).check();

        assertOnly(r, LOST, 1);
        ObjectNode c = example(r, LOST, 0);
        assertEquals("create", c.get("kind").asText());
        assertEquals("a", c.get("topic").asText());
        assertEquals(2, c.get("node").asInt());
        assertEquals(0, c.get("index").asLong());
        assertTrue(c.get("served").isNull());
    }

    @Test
    void fewerPartitionsThanAcknowledgedIsLost() {
        CheckResult r = acknowledged().read(1, "a:1:8").check();

        assertOnly(r, LOST, 1);
        ObjectNode c = example(r, LOST, 0);
        assertEquals("partitions", c.get("kind").asText());
        assertEquals(2, c.get("expected").asInt());
        assertEquals(1, c.get("served").asInt());
    }

    @Test
    void anOverwrittenConfigValueIsLost() {
        CheckResult r = acknowledged().read(1, "a:2:7").check();

        assertOnly(r, LOST, 1);
        ObjectNode c = example(r, LOST, 0);
        assertEquals("config", c.get("kind").asText());
        assertEquals("[\"8\"]", c.get("expected").toString());
        assertEquals("7", c.get("served").asText());
        assertEquals(6, c.get("index").asLong());
    }

    @Test
    void anAcknowledgedDeleteServedAgainIsUndone() {
        CheckResult r = acknowledged().read(1, "a:2:8", "b:1").check();

        assertOnly(r, UNDONE, 1);
        ObjectNode c = example(r, UNDONE, 0);
        assertEquals("b", c.get("topic").asText());
        assertEquals(10, c.get("index").asLong());
        assertEquals(1, c.get("served").get("partitions").asInt());
    }

    @Test
    void aGrowthAcknowledgedOnATopicCreatedAgainAfterItsDeleteIsLost() {
        CheckResult r = acknowledged().create(3, "b", 1, OK).partitions(3, "b", 2, OK).read(1, "a:2:8", "b:1").check();

        assertOnly(r, LOST, 1);
        ObjectNode c = example(r, LOST, 0);
        assertEquals("partitions", c.get("kind").asText());
        assertEquals("b", c.get("topic").asText());
        assertEquals(14, c.get("index").asLong());
    }

    @Test
    void aTopicCreatedAgainAfterItsDeleteAndMissingIsLost() {
        CheckResult r = acknowledged().create(3, "b", 1, OK).read(1, "a:2:8").check();

        assertOnly(r, LOST, 1);
        ObjectNode c = example(r, LOST, 0);
        assertEquals("create", c.get("kind").asText());
        assertEquals(12, c.get("index").asLong());
    }

    @Test
    void changesOnATopicWhoseIndeterminateDeleteNeverLandedAreJudged() {
        // c is still served and nothing could have created it again, so the delete never landed: its growth (before
        // the delete) and its config (acknowledged while the delete was pending) must be served
        CheckResult r = acknowledged().create(3, "c", 1, OK).partitions(3, "c", 2, OK).delete(3, "c", INFO)
                .config(4, "c", "9", OK).read(1, "a:2:8", "c:1:-").check();

        assertOnly(r, LOST, 2);
        assertEquals("partitions", example(r, LOST, 0).get("kind").asText());
        assertEquals("config", example(r, LOST, 1).get("kind").asText());
    }

    @Test
    void aCreateOverlappingADeleteOfATopicThatDidNotExistYetPrecedesItSoTheDeleteIsUndone() {
        // nothing created a before: the delete, acknowledged, removed what this create made
        CheckResult r = new MetadataHistory()
                .invoke(2, ClientOps.DELETE_TOPIC, MetadataHistory.topic("a"))
                .invoke(3, ClientOps.CREATE_TOPIC, MetadataHistory.topic("a", 2))
                .complete(3, OK, ClientOps.CREATE_TOPIC, MetadataHistory.topic("a", 2))
                .complete(2, OK, ClientOps.DELETE_TOPIC, MetadataHistory.topic("a"))
                .read(1, "a:2").check();

        assertOnly(r, UNDONE, 1);
    }

    @Test
    void aFailedCreateAfterAnAcknowledgedDeleteDoesNotExplainTheTopicServedAgain() {
        CheckResult r = new MetadataHistory().create(1, "a", 1, OK).delete(1, "a", OK).create(1, "a", 2, FAIL)
                .read(1, "a:1").check();

        assertOnly(r, UNDONE, 1);
    }

    @Test
    void divergenceNoOutcomeOfAnIndeterminateOpExplainsIsReported() {
        // c's growth to 2 is indeterminate: 1 or 2 partitions may be served, never 3, and nothing could change its id
        CheckResult count = acknowledged().create(3, "c", 1, OK).partitions(3, "c", 2, INFO)
                .read(1, "a:2:8", "c:2").read(2, "a:2:8", "c:3").check();
        CheckResult id = acknowledged().create(3, "c", 1, OK).partitions(3, "c", 2, INFO)
                .read(1, "a:2:8", "c:2").read(2, "a:2:8", "c:2:-:other").check();

        assertEquals(List.of(DIVERGENCE, UNEXPLAINED), count.anomalyTypes()); // 3: no op asked for it
        assertEquals(1, count.count(DIVERGENCE));
        assertEquals("c", example(count, DIVERGENCE, 0).get("topic").asText());
        assertOnly(id, DIVERGENCE, 1);
    }

    @Test
    void caughtUpBrokersServingATopicDifferentlyDiverge() {
        // broker 2 serves another topic id for a (same partitions and config: nothing acknowledged is lost)
        CheckResult r = acknowledged().read(1, "a:2:8").read(2, "a:2:8:other").read(3, "a:2:8").check();

        assertOnly(r, DIVERGENCE, 1);
        ObjectNode c = example(r, DIVERGENCE, 0);
        assertEquals("a", c.get("topic").asText());
        assertEquals("other", c.get("served").get("2").get("id").asText());
        assertEquals("id-a", c.get("served").get("1").get("id").asText());
        assertEquals(500, c.get("target-offset").asLong());
    }

    @Test
    void readsAtDifferentTargetsAreNotCompared() {
        CheckResult r = acknowledged().read(1, "a:2:8").target(900).read(2, "a:2:8:other").check();

        assertValid(r);
    }

    @Test
    void aVoterFallingBelowWhatItHeldCommittedRegresses() {
        CheckResult r = acknowledged().quorum(100, 1, 120, 2, 100).quorum(110, 1, 130, 2, 90).read(1, "a:2:8").check();

        assertOnly(r, REGRESSION, 1);
        ObjectNode c = example(r, REGRESSION, 0);
        assertEquals(2, c.get("node").asInt());
        assertEquals("voter", c.get("role").asText());
        assertEquals(90, c.get("offset").asLong());
        assertEquals(100, c.get("committed-held").asLong());
    }

    @Test
    void anObserverFallingBelowWhatItHeldCommittedRegresses() {
        CheckResult r = acknowledged().observers(100, 4, 100).observers(100, 4, 99).read(1, "a:2:8").check();

        assertOnly(r, REGRESSION, 1);
        assertEquals("observer", example(r, REGRESSION, 0).get("role").asText());
    }

    @Test
    void aMalformedAdminOpIsRefused() {
        MetadataHistory h = new MetadataHistory();
        h.line(1, OK.INVOKE, "create-topic", Json.object().put("topic", "a")).line(1, OK, "create-topic", Json.object());

        assertThrows(HistoryFormatException.class, () -> new MetadataChecker().check(h.build()));
    }
}
