package io.kchaos.checker.result;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every anomaly of the catalogue is decided by every consistency model, by name (Promises.java or the model's forbids
 * and allows); a new anomaly type fails here until each model decides it. A model never makes lost acknowledged data valid.
 */
class ConsistencyModelsTest {
    /** The anomalies that mean data the system acknowledged is gone: what no model may allow. */
    private static final List<AnomalyType> ACKNOWLEDGED_DATA_LOST = List.of(Anomalies.LOST_WRITE, Anomalies.TORN_TXN,
            Anomalies.LOST_BY_GROUP, Anomalies.SHARE_LOST, Anomalies.METADATA_CHANGE_LOST, Anomalies.METADATA_DELETE_UNDONE,
            Anomalies.COMMITTED_DATA_MISSING, Anomalies.ACKED_WRITE_MISSING_ON_REPLICA, Anomalies.RAFT_COMMITTED_LOST,
            Anomalies.RAFT_COMMITTED_REPLACED);

    @Test
    void everyModelDecidesEveryAnomalyOfEveryChecker() {
        List<String> undecided = new ArrayList<>();
        for (ConsistencyModel m : ConsistencyModels.all()) {
            for (AnomalyType a : Anomalies.all()) {
                if (!m.decides(a.key())) undecided.add(m.name() + " / " + a.key() + " (" + a.checker() + ")");
            }
        }
        assertEquals(List.of(), undecided, "name each in a promise of Promises.java (forbidden by every model) or, for a "
                + "dependency cycle, in each model's forbids or allows (ConsistencyModels.java), or in what they imply");
    }

    @Test
    void everyAnomalyButACycleBreaksExactlyOnePromiseAndNoCycleBreaksOne() {
        for (AnomalyType a : Anomalies.all()) {
            long promises = Promises.all().stream().filter(p -> p.forbids().contains(a.key())).count();
            assertEquals(Anomalies.isCycle(a.key()) ? 0 : 1, promises, a.key());
        }
        for (Promise p : Promises.all()) {
            for (String key : p.forbids()) assertTrue(Anomalies.lookup(key).isPresent(), p.name() + " names " + key);
        }
    }

    @Test
    void acknowledgedDataLostIsForbiddenByEveryModel() {
        for (AnomalyType a : ACKNOWLEDGED_DATA_LOST) {
            assertTrue(Promises.ACKNOWLEDGED_KEPT.forbids().contains(a.key()), a.key());
            for (ConsistencyModel m : ConsistencyModels.all()) assertTrue(m.forbidden(a.key()), m.name() + " / " + a.key());
        }
    }

    @Test
    void aModelNamingEveryAnomalyAllowedStillForbidsWhatBreaksAPromise() {
        ConsistencyModel lax = new ConsistencyModel("lax", "allows all it can", List.of(), Anomalies.keys());
        for (AnomalyType a : Anomalies.all()) {
            assertEquals(!Anomalies.isCycle(a.key()), lax.forbidden(a.key()), a.key());
            assertEquals(Anomalies.isCycle(a.key()), lax.decides(a.key()), a.key() + ": both forbidden and allowed is no decision");
        }
    }

    @Test
    void anUndecidedAnomalyIsForbidden() {
        ConsistencyModel silent = new ConsistencyModel("silent", "names nothing", List.of(), List.of());
        assertTrue(silent.forbidden(Anomalies.G2.key()));
        assertFalse(silent.decides(Anomalies.G2.key()));
        assertTrue(ConsistencyModels.KAFKA.forbidden("made-up"));
        assertFalse(ConsistencyModels.KAFKA.decides("made-up"));
    }

    @Test
    void theModelsCallOnACycleAndOnAPromise() {
        assertEquals("forbidden by serializable, strong-session-serializable, strict-serializable; allowed by kafka, read-committed",
                ModelTable.decisions(Anomalies.G2.key()));
        assertEquals("forbidden by every model (breaks acknowledged-kept)", ModelTable.decisions(Anomalies.LOST_BY_GROUP.key()));
    }
}
