package io.kchaos.checker.acl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.Verdict;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.history.OpType;
import io.kchaos.history.folder.ResultsFields;
import org.junit.jupiter.api.Test;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.example;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The acl checker on micro-histories: each anomaly planted (negative controls) and the probes Kafka's promise leaves
 * open, which must stay unreported (positive controls). Offsets: the grant's record lies in [10, 20), the revocation's
 * in [30, 40).
 */
class AclCheckerTest {
    private static final OpType OK = OpType.OK;
    private static final OpType FAIL = OpType.FAIL;
    private static final OpType INFO = OpType.INFO;
    private static final String REVOKED_ALLOWED = Anomalies.ACL_REVOKED_ALLOWED.key();
    private static final String GRANTED_DENIED = Anomalies.ACL_GRANTED_DENIED.key();

    /**
     * Node 1 answers denied before any change (judged: its image, 5, precedes the grant), is read at 25 after the grant
     * (at 1 s) and the revocation is acknowledged at 2 s.
     */
    private static AclHistory grantedThenRevoked(OpType revocation, long revocationHwAfter) {
        return new AclHistory().at(0).probe(1, 5, 5, false).at(0.5).grant(OK, 10, 20).at(1).probe(1, 25, 25, true)
                .at(2).revoke(revocation, 30, revocationHwAfter);
    }

    private static JsonNode stats(CheckResult r) {
        return r.stats().get(ResultsFields.Stats.ACL);
    }

    // ---- negative controls ----

    @Test
    void allowedAfterARevocationTheBrokerCertainlyAppliedIsReported() {
        AclHistory h = grantedThenRevoked(OK, 40).at(3).probe(1, 45, 45, false);
        long read = h.last();
        CheckResult r = h.at(5).probe(1, 46, 46, true).check();

        assertOnly(r, REVOKED_ALLOWED, 1);
        ObjectNode e = example(r, REVOKED_ALLOWED, 0);
        assertEquals(1, e.get("node").asInt());
        assertEquals("WRITE", e.get("operation").asText());
        assertEquals(AclHistory.TOPIC, e.get("topic").asText());
        assertEquals(AclHistory.PRINCIPAL, e.get("principal").asText());
        assertEquals("allowed", e.get("answer").asText());
        assertEquals(46, e.get("offset-after").asLong());
        assertEquals(5_000_000_000L, e.get("invoke-time").asLong());
        assertEquals("revoke", e.get("change").asText());
        assertEquals(40, e.get("hw-after").asLong());
        assertEquals(read, e.get("applied-read").get("index").asLong());
        assertEquals(45, e.get("applied-read").get("offset").asLong());
        assertEquals(3_000_000_000L + 1_000, e.get("applied-read").get("time").asLong());
        assertTrue(e.get("next-change-index").isNull());
        assertEquals(Verdict.INVALID, r.verdict());
    }

    @Test
    void theRevocationsIndexIsCitedAndTheNextChangeBoundsTheWindow() {
        // a grant at 6 s, whose record lies at or above 60, has not reached the broker (offset-after 46)
        AclHistory h = grantedThenRevoked(OK, 40);
        long revocation = h.last() - 1;
        h.at(3).probe(1, 45, 45, false);
        long grant = h.last() + 1;
        CheckResult r = h.at(4.5).grant(OK, 60, 70).at(5).probe(1, 46, 46, true).check();

        ObjectNode e = example(r, REVOKED_ALLOWED, 0);
        assertEquals(revocation, e.get("change-index").asLong());
        assertEquals(grant, e.get("next-change-index").asLong());
        assertEquals(60, e.get("next-lower-bound").asLong());
    }

    @Test
    void deniedAfterAGrantTheBrokerCertainlyAppliedIsReported() {
        CheckResult r = new AclHistory().at(0).grant(OK, 10, 20).at(1).probe(2, 22, 22, false).at(3).probe(2, 23, 23, false).check();

        assertOnly(r, GRANTED_DENIED, 1);
        ObjectNode e = example(r, GRANTED_DENIED, 0);
        assertEquals(2, e.get("node").asInt());
        assertEquals("denied", e.get("answer").asText());
        assertEquals("grant", e.get("change").asText());
        assertEquals(0, e.get("change-index").asLong());
        assertEquals(20, e.get("hw-after").asLong());
        assertEquals(22, e.get("applied-read").get("offset").asLong());
        assertEquals(1, stats(r).get(ResultsFields.Acl.JUDGED).asLong(), "the first probe is not: nothing proves what node 2 held");
    }

    @Test
    void allowedBeforeAnyGrantOnABrokerWhoseImagePrecedesEveryChangeIsReported() {
        CheckResult r = new AclHistory().at(0).probe(3, 50, 50, true).at(1).grant(OK, 100, 110).check();

        assertOnly(r, REVOKED_ALLOWED, 1);
        ObjectNode e = example(r, REVOKED_ALLOWED, 0);
        assertTrue(e.get("change").isNull() && e.get("change-index").isNull() && e.get("applied-read").isNull(), e::toString);
        assertEquals(2, e.get("next-change-index").asLong());
        assertEquals(100, e.get("next-lower-bound").asLong());
        assertEquals(AclHistory.PRINCIPAL, e.get("principal").asText());
    }

    @Test
    void aReadAnsweredExactlyTheWindowBeforeTheProbeProvesTheChangeApplied() {
        CheckResult r = grantedThenRevoked(OK, 40).at(3).probe(1, 45, 45, false).at(4.000_001).probe(1, 46, 46, true).check();

        assertOnly(r, REVOKED_ALLOWED, 1);
    }

    // ---- positive controls ----

    @Test
    void allowedAfterARevocationTheBrokerHadNotAppliedIsJudgedRight() {
        // the revocation's record is at 30 or above; the broker's image is at 28 after the answer
        CheckResult r = grantedThenRevoked(OK, 40).at(3).probe(1, 28, 28, true).check();

        assertValid(r);
        assertEquals(Verdict.VALID, r.verdict());
        assertEquals(2, stats(r).get(ResultsFields.Acl.JUDGED).asLong(), () -> r.toJson().toPrettyString());
    }

    @Test
    void aReadLessThanTheWindowBeforeTheProbeProvesNothing() {
        // the ACL publisher may not have run yet: the offset read at 3 s is trusted from 4 s on
        CheckResult r = grantedThenRevoked(OK, 40).at(3).probe(1, 45, 45, false).at(3.999).probe(1, 46, 46, true).check();

        assertValid(r);
        assertEquals(Verdict.VALID, r.verdict());
        JsonNode s = stats(r);
        assertEquals(1, s.get(ResultsFields.Acl.JUDGED).asLong(), s::toString);
        assertEquals(3, s.get(ResultsFields.Acl.UNJUDGED).asLong(), s::toString);
        assertEquals(3, s.get(ResultsFields.Acl.UNJUDGED_WHY).get(ResultsFields.Acl.UNSETTLED).asLong(), s::toString);
    }

    @Test
    void aProbeWhoseImageMayHoldAnIndeterminateChangeIsNotJudged() {
        // the revocation timed out: it may land at any time, even after the second grant, so neither answer is wrong
        CheckResult r = grantedThenRevoked(INFO, -1).at(3).probe(1, 45, 45, true).at(3.5).grant(OK, 50, 60)
                .at(4).probe(1, 61, 61, false).at(6).probe(1, 62, 62, true).at(7).probe(1, 63, 63, false).check();

        assertValid(r);
        JsonNode s = stats(r);
        assertEquals(1, s.get(ResultsFields.Acl.JUDGED).asLong(), s::toString);
        assertEquals(4, s.get(ResultsFields.Acl.UNJUDGED_WHY).get(ResultsFields.Acl.INDETERMINATE_CHANGE).asLong(), s::toString);
        assertEquals(1, s.get(ResultsFields.Acl.CHANGES).get("revoke").get("info").asLong(), s::toString);
    }

    @Test
    void aProbeWhoseImagePrecedesAnIndeterminateChangeIsJudged() {
        CheckResult r = grantedThenRevoked(INFO, -1).at(3).probe(1, 28, 28, false).check();

        assertOnly(r, GRANTED_DENIED, 1);
    }

    @Test
    void aFailedRevocationChangesNothing() {
        CheckResult r = grantedThenRevoked(FAIL, -1).at(3).probe(1, 45, 45, true).at(5).probe(1, 46, 46, true).check();

        assertValid(r);
        JsonNode s = stats(r);
        assertEquals(3, s.get(ResultsFields.Acl.JUDGED).asLong(), s::toString);
        assertEquals(1, s.get(ResultsFields.Acl.CHANGES).get("revoke").get("fail").asLong(), s::toString);
        assertEquals(1, s.get(ResultsFields.Acl.CHANGES).get("grant").get("ok").asLong(), s::toString);
    }

    @Test
    void anAcknowledgedChangeWithoutHwAfterIsNeverCertainlyApplied() {
        // hw-after -1: no read proves the revocation applied, however far the broker's image goes
        CheckResult r = grantedThenRevoked(OK, -1).at(3).probe(1, 45, 45, true).at(5).probe(1, 460, 460, true)
                .at(7).probe(1, 461, 461, true).check();

        assertValid(r);
        JsonNode s = stats(r);
        assertEquals(1, s.get(ResultsFields.Acl.JUDGED).asLong(), s::toString);
        assertEquals(4, s.get(ResultsFields.Acl.UNJUDGED_WHY).get(ResultsFields.Acl.UNSETTLED).asLong(), s::toString);
    }

    @Test
    void aLaterAcknowledgementRaisesTheLowerBoundOfTheNextChange() {
        // the revocation's hw-before was not read (-1): its record still follows the grant's hw-after, 20, so an image
        // at 19 lacks it (without that bound the probe at 3 s could not be judged, and nothing would be)
        CheckResult r = new AclHistory().at(0).grant(OK, 10, 20).at(1).probe(1, 19, 19, true).at(2).revoke(OK, -1, 40)
                .at(3).probe(1, 19, 19, true).check();

        assertValid(r);
        assertEquals(Verdict.VALID, r.verdict());
        assertEquals(1, stats(r).get(ResultsFields.Acl.JUDGED).asLong());
    }

    @Test
    void anotherOperationsChangesDoNotBindTheProbe() {
        CheckResult r = new AclHistory().at(0).change("grant", "READ", OK, 10, 20).at(1).probe(1, 25, 25, false)
                .at(3).probe(1, 26, 26, false).probe(1, "READ", 26, 26, true).check();

        assertValid(r);
        assertEquals(3, stats(r).get(ResultsFields.Acl.JUDGED).asLong());
    }

    // ---- counts and the unknown verdict ----

    @Test
    void statsCountChangesProbesAndJudgedProbesByNode() {
        // node 2 is probed once with an answer, with nothing read of it before: never judged
        CheckResult r = grantedThenRevoked(OK, 40).probeInfo(2).at(3).probe(2, 45, 45, true).probe(1, 45, 45, false)
                .at(5).probe(1, 46, 46, false).check();

        assertValid(r);
        JsonNode s = stats(r);
        assertEquals(2, s.get(ResultsFields.Acl.PROBES).get("allowed").asLong(), s::toString);
        assertEquals(3, s.get(ResultsFields.Acl.PROBES).get("denied").asLong(), s::toString);
        assertEquals(1, s.get(ResultsFields.Acl.PROBES).get("info").asLong(), s::toString);
        assertEquals(2, s.get(ResultsFields.Acl.JUDGED).asLong(), s::toString);
        assertEquals(3, s.get(ResultsFields.Acl.UNJUDGED).asLong(), s::toString);
        assertEquals(2, s.get(ResultsFields.Acl.JUDGED_BY_NODE).get("1").asLong(), s::toString);
        assertEquals(0, s.get(ResultsFields.Acl.JUDGED_BY_NODE).get("2").asLong(), s::toString);
        assertEquals("[2]", s.get(ResultsFields.Acl.NODES_NEVER_JUDGED).toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("node(s) [2]")), r.warnings()::toString);
    }

    @Test
    void aHistoryNoProbeOfWhichCouldBeJudgedIsUnknown() {
        CheckResult r = new AclHistory().at(0).grant(OK, 10, 20).at(0.5).probe(1, 25, 25, true).check();

        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertTrue(r.reason().startsWith("nothing to judge: none of the 1 answered acl-probes could be judged"), r.reason());
    }

    @Test
    void aHistoryWithoutAnsweredProbesOrAclOpsIsUnknown() {
        CheckResult unanswered = new AclHistory().at(0).grant(OK, 10, 20).probeInfo(1).check();
        CheckResult none = new AclHistory().sends(1).check();

        assertEquals(Verdict.UNKNOWN, unanswered.verdict());
        assertTrue(unanswered.reason().contains("no acl-probe was answered"), unanswered.reason());
        assertEquals(Verdict.UNKNOWN, none.verdict());
        assertTrue(none.reason().contains("no acl-change or acl-probe"), none.reason());
    }

    @Test
    void aChangeThatIsNeitherGrantNorRevokeIsRefused() {
        assertThrows(HistoryFormatException.class, () -> new AclHistory().change("toggle", "WRITE", OK, 1, 2).check());
    }
}
