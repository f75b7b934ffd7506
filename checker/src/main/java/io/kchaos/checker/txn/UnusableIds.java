package io.kchaos.checker.txn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.TxnFields;

/**
 * Reports {@code txn-id-unusable}: a transactional.id whose initializations, once every fault had healed, kept being
 * refused for at least {@link #BOUND_NANOS} with no success after them to the end of the history. Kafka promises that
 * InitProducerId succeeds on a live cluster: it fences the old producer, settles its open transaction and, at the last
 * epoch, hands the transactional.id a new producer id.
 */
final class UnusableIds {
    /**
     * How long after the last heal (or after the first failure, when the failures began later) refusals must go on:
     * 30 s, above what a healed cluster may still need before InitProducerId can succeed — a killed coordinator's
     * fencing (broker.session.timeout.ms, 9 s), the open transaction's timeout (the workload's transaction.timeout.ms,
     * 10 s) and the coordinator's next pass over timed-out transactions (its cleanup interval, 10 s by default).
     */
    static final long BOUND_NANOS = 30_000_000_000L;

    private final InitAttempts inits;
    private final long healedAt;

    /** @param healedAt when the last fault healed (0: no fault), ns */
    UnusableIds(InitAttempts inits, long healedAt) {
        this.inits = inits;
        this.healedAt = healedAt;
    }

    void judge(CheckResult result) {
        for (InitAttempts.Id id : inits.ids()) {
            InitAttempts.Streak s = id.streak;
            if (s == null || s.lastRefusal == null) continue;
            long from = Math.max(healedAt, s.first.time());
            if (s.lastRefusal.time() - from < BOUND_NANOS) continue;
            result.anomaly(Anomalies.TXN_ID_UNUSABLE.key(), evidence(id, s, from));
        }
    }

    private ObjectNode evidence(InitAttempts.Id id, InitAttempts.Streak s, long from) {
        ObjectNode o = Json.object();
        o.put(TxnFields.TRANSACTIONAL_ID, id.transactionalId);
        o.put("attempts", s.attempts);
        o.put("fail", s.fail);
        o.put("info", s.info);
        o.set("first-failure", s.first.toJson());
        o.set("last-refusal", s.lastRefusal.toJson());
        o.put("refused-for-ms", (s.lastRefusal.time() - from) / 1_000_000);
        o.put("healed-at", healedAt);
        ArrayNode errors = o.putArray("errors");
        s.errors.forEach(errors::add);
        if (s.errorsLeftOff > 0) o.put("errors-left-off", s.errorsLeftOff);
        if (id.lastSuccessIndex >= 0) {
            ObjectNode last = o.putObject("last-success").put("index", id.lastSuccessIndex);
            if (id.lastSuccessProducerId >= 0) last.put(TxnFields.PRODUCER_ID, id.lastSuccessProducerId);
            if (id.lastSuccessEpoch >= 0) last.put(TxnFields.PRODUCER_EPOCH, id.lastSuccessEpoch);
        }
        return o;
    }
}
