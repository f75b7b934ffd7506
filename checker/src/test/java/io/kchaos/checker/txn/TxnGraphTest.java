package io.kchaos.checker.txn;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.AnomalyType;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.ConsistencyModel;
import io.kchaos.checker.result.ConsistencyModels;
import io.kchaos.checker.result.Verdict;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.kchaos.checker.queue.Checks.example;
import static io.kchaos.checker.txn.TxnHistory.r;
import static io.kchaos.checker.txn.TxnHistory.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dependency graph's cycles on planted histories: a negative control per cycle type (G0, G1c with a ww edge,
 * G-single, G2, a -process and a -realtime one), each naming its transactions and edges, and positive controls that
 * only look close (a cycle through an aborted transaction, a poll over an aborted record); each judged under the models.
 */
class TxnGraphTest {
    private static final TxnHistory.S[] NONE = {};

    @Test
    void interleavedWritesToTwoPartitionsAreG0AllowedByKafkaForbiddenByReadCommitted() {
        TxnHistory h = new TxnHistory().txn(0, OpType.OK, false, s(1, 0, 0), s(2, 1, 1));
        long t1 = h.last();
        h.txn(1, OpType.OK, false, s(3, 0, 1), s(4, 1, 0));
        long t2 = h.last();
        CheckResult r = h.check();

        assertTypes(r, Anomalies.G0);
        assertCycle(r, Anomalies.G0, List.of(t1, t2), List.of("ww 0 [0,1]", "ww 1 [0,1]"));
        assertVerdicts(r, ConsistencyModels.KAFKA, Verdict.VALID, ConsistencyModels.READ_COMMITTED, Verdict.INVALID);
    }

    @Test
    void ofTwoWriteCyclesInOneComponentTheShorterIsTheExample() {
        TxnHistory h = new TxnHistory().txn(0, OpType.OK, false, s(1, 0, 0), s(2, 1, 1), s(3, 2, 1));
        long t1 = h.last();
        h.txn(1, OpType.OK, false, s(4, 0, 1), s(5, 2, 0));
        long t2 = h.last();
        h.txn(2, OpType.OK, false, s(6, 0, 2), s(7, 1, 0));
        CheckResult r = h.check();

        assertTypes(r, Anomalies.G0);
        assertCycle(r, Anomalies.G0, List.of(t1, t2), List.of("ww 0 [0,1]", "ww 2 [0,1]"));
        assertEquals(3, example(r, Anomalies.G0.key(), 0).get("component-size").asInt());
    }

    @Test
    void readingAWriteOrderedAfterYourOwnIsG1c() {
        TxnHistory h = new TxnHistory().txnInvoke(0, false, s(1, 0, -1)).txnInvoke(1, false, s(2, 0, -1), s(3, 1, -1))
                .txnComplete(1, OpType.OK, false, new TxnHistory.S[]{s(2, 0, 1), s(3, 1, 0)}, null);
        long t2 = h.last();
        h.txnComplete(0, OpType.OK, false, new TxnHistory.S[]{s(1, 0, 0)}, new TxnHistory.R[]{r(1, 0, 3)});
        long t1 = h.last();
        CheckResult r = h.check();

        assertTypes(r, Anomalies.G1C);
        assertCycle(r, Anomalies.G1C, List.of(t1, t2), List.of("ww 0 [0,1]", "wr 1 0"));
        assertVerdicts(r, ConsistencyModels.KAFKA, Verdict.VALID, ConsistencyModels.READ_COMMITTED, Verdict.INVALID);
    }

    @Test
    void readSkewIsGSingleValidUnderKafkaAndReadCommittedInvalidUnderSerializable() {
        TxnHistory h = new TxnHistory().txn(5, OpType.OK, false, s(1, 1, 0))
                .txnInvoke(0, false).txnInvoke(1, false, s(2, 1, -1), s(3, 2, -1))
                .txnComplete(1, OpType.OK, false, new TxnHistory.S[]{s(2, 1, 1), s(3, 2, 0)}, null);
        long t2 = h.last();
        h.txnComplete(0, OpType.OK, false, NONE, new TxnHistory.R[]{r(1, 0, 1), r(2, 0, 3)});
        long t1 = h.last();
        CheckResult r = h.check();

        assertTypes(r, Anomalies.G_SINGLE);
        assertCycle(r, Anomalies.G_SINGLE, List.of(t1, t2), List.of("rw 1 0->1", "wr 2 0"));
        assertVerdicts(r, ConsistencyModels.KAFKA, Verdict.VALID, ConsistencyModels.READ_COMMITTED, Verdict.VALID,
                ConsistencyModels.SERIALIZABLE, Verdict.INVALID);
        assertEquals(List.of(Anomalies.G_SINGLE.key()), r.anomalyTypes(), "every model lists the same anomalies");
        assertFalse(r.judgedUnder(ConsistencyModels.KAFKA).toJson().at("/anomalies/G-single/forbidden").asBoolean());
        assertTrue(r.judgedUnder(ConsistencyModels.SERIALIZABLE).toJson().at("/anomalies/G-single/forbidden").asBoolean());
        assertEquals("serializable", r.toJson().get("consistency-model").asText());
    }

    @Test
    void writeSkewIsG2() {
        TxnHistory h = new TxnHistory().txn(5, OpType.OK, false, s(1, 0, 0), s(2, 1, 0))
                .txnInvoke(0, false, s(3, 1, -1)).txnInvoke(1, false, s(4, 0, -1))
                .txnComplete(0, OpType.OK, false, new TxnHistory.S[]{s(3, 1, 1)}, new TxnHistory.R[]{r(0, 0, 1)});
        long t1 = h.last();
        h.txnComplete(1, OpType.OK, false, new TxnHistory.S[]{s(4, 0, 1)}, new TxnHistory.R[]{r(1, 0, 2)});
        long t2 = h.last();
        CheckResult r = h.check();

        assertTypes(r, Anomalies.G2);
        assertCycle(r, Anomalies.G2, List.of(t1, t2), List.of("rw 0 0->1", "rw 1 0->1"));
        assertVerdicts(r, ConsistencyModels.KAFKA, Verdict.VALID, ConsistencyModels.SERIALIZABLE, Verdict.INVALID);
    }

    @Test
    void aProcessNotSeeingItsOwnEarlierWriteIsGSingleProcess() {
        TxnHistory h = new TxnHistory().txn(5, OpType.OK, false, s(1, 1, 0)).txn(0, OpType.OK, false, s(2, 1, 1));
        long t1 = h.last();
        h.txnWithPoll(0, OpType.OK, NONE, r(1, 0, 1));
        long t2 = h.last();
        CheckResult r = h.check();

        assertTypes(r, Anomalies.G_SINGLE_PROCESS);
        assertCycle(r, Anomalies.G_SINGLE_PROCESS, List.of(t1, t2), List.of("process", "rw 1 0->1"));
        assertVerdicts(r, ConsistencyModels.SERIALIZABLE, Verdict.VALID,
                ConsistencyModels.STRONG_SESSION_SERIALIZABLE, Verdict.INVALID, ConsistencyModels.STRICT_SERIALIZABLE, Verdict.INVALID);
    }

    @Test
    void notSeeingAWriteCompletedBeforeTheInvocationIsGSingleRealtime() {
        TxnHistory h = new TxnHistory().txn(5, OpType.OK, false, s(1, 1, 0)).txn(0, OpType.OK, false, s(2, 1, 1));
        long t1 = h.last();
        h.txnWithPoll(1, OpType.OK, NONE, r(1, 0, 1));
        long t2 = h.last();
        CheckResult r = h.check();

        assertTypes(r, Anomalies.G_SINGLE_REALTIME);
        assertCycle(r, Anomalies.G_SINGLE_REALTIME, List.of(t1, t2), List.of("realtime", "rw 1 0->1"));
        assertVerdicts(r, ConsistencyModels.STRONG_SESSION_SERIALIZABLE, Verdict.VALID,
                ConsistencyModels.STRICT_SERIALIZABLE, Verdict.INVALID);
    }

    @Test
    void aWriteCycleThroughAnAbortedTransactionIsNone() {
        CheckResult r = new TxnHistory()
                .txnInvoke(0, false, s(1, 0, -1), s(2, 1, -1)).txnInvoke(1, true, s(3, 0, -1), s(4, 1, -1))
                .txnComplete(1, OpType.FAIL, true, new TxnHistory.S[]{s(3, 0, 1), s(4, 1, 1)}, null)
                .txnComplete(0, OpType.OK, false, new TxnHistory.S[]{s(1, 0, 0), s(2, 1, 2)}, null)
                .check();

        assertTypes(r);
        assertVerdicts(r, ConsistencyModels.STRICT_SERIALIZABLE, Verdict.VALID);
    }

    @Test
    void aPollOverAnAbortedRecordSeesTheNextCommittedOneAndNoCycle() { // and a poll that began before it was written
        CheckResult r = new TxnHistory().txn(0, OpType.OK, false, s(1, 0, 0))
                .txn(1, OpType.FAIL, true, s(2, 0, 1))
                .txnInvoke(4, false)
                .txn(2, OpType.OK, false, s(3, 0, 2))
                .txnWithPoll(3, OpType.OK, new TxnHistory.S[]{s(4, 1, 0)}, r(0, 0, 1), r(0, 2, 3))
                .txnComplete(4, OpType.OK, false, NONE, new TxnHistory.R[]{r(0, 0, 1)})
                .check();

        assertTypes(r);
        assertVerdicts(r, ConsistencyModels.STRICT_SERIALIZABLE, Verdict.VALID);
    }

    @Test
    void modelsForbidWhatTheyNameAndWhatImpliesIt() {
        ConsistencyModel kafka = ConsistencyModels.KAFKA;
        assertTrue(kafka.forbidden(Anomalies.G1C_WR.key()));
        assertTrue(kafka.forbidden("lost-write"));
        assertTrue(kafka.forbidden("made-up"));
        for (AnomalyType a : List.of(Anomalies.G0, Anomalies.G1C, Anomalies.G_SINGLE, Anomalies.G2, Anomalies.G2_REALTIME)) {
            assertFalse(kafka.forbidden(a.key()), a.key());
        }
        assertTrue(ConsistencyModels.READ_COMMITTED.forbidden(Anomalies.G0.key()));
        assertFalse(ConsistencyModels.READ_COMMITTED.forbidden(Anomalies.G_SINGLE.key()));
        assertTrue(ConsistencyModels.SERIALIZABLE.forbidden(Anomalies.G0.key()));
        assertFalse(ConsistencyModels.SERIALIZABLE.forbidden(Anomalies.G0_PROCESS.key()));
        for (AnomalyType a : Anomalies.cycles()) assertTrue(ConsistencyModels.STRICT_SERIALIZABLE.forbidden(a.key()), a.key());
    }

    private static void assertTypes(CheckResult r, AnomalyType... types) {
        List<String> keys = new ArrayList<>();
        for (AnomalyType t : types) keys.add(t.key());
        assertEquals(keys, r.anomalyTypes(), () -> r.toJson().toPrettyString());
        for (AnomalyType t : types) assertEquals(1, r.count(t.key()), t.key());
    }

    /** The example names the transactions (by completion index) and each edge: "kind partition offsets". */
    private static void assertCycle(CheckResult r, AnomalyType type, List<Long> txns, List<String> edges) {
        JsonNode ex = example(r, type.key(), 0);
        List<Long> indexes = new ArrayList<>();
        ex.get("cycle").forEach(t -> indexes.add(t.get("index").asLong()));
        assertEquals(txns.stream().sorted().toList(), indexes.stream().sorted().toList(), ex::toPrettyString);
        List<String> seen = new ArrayList<>();
        for (JsonNode e : ex.get("edges")) {
            String kind = e.get("kind").asText();
            seen.add(switch (kind) {
                case "ww" -> "ww " + e.get("partition") + " [" + e.get("offsets").get(0) + "," + e.get("offsets").get(1) + "]";
                case "wr" -> "wr " + e.get("partition") + " " + e.get("offset");
                case "rw" -> "rw " + e.get("partition") + " " + e.get("read-offset") + "->" + e.get("next-offset");
                default -> kind;
            });
        }
        assertEquals(edges.stream().sorted().toList(), seen.stream().sorted().toList(), ex::toPrettyString);
    }

    private static void assertVerdicts(CheckResult r, Object... modelsAndVerdicts) {
        for (int i = 0; i < modelsAndVerdicts.length; i += 2) {
            ConsistencyModel m = (ConsistencyModel) modelsAndVerdicts[i];
            assertEquals(modelsAndVerdicts[i + 1], r.judgedUnder(m).verdict(), m.name());
        }
    }
}
