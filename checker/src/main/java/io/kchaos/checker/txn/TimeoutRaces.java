package io.kchaos.checker.txn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.TxnFields;

/**
 * Reports {@code txn-fatal-after-timeout}: a transaction held open past its producer's transaction timeout (as the
 * completion records it, else the workload's default: {@link TxnFields#stalledPastTimeout}) whose commit or abort
 * the coordinator refused with INVALID_TXN_STATE (KAFKA-20785: under transactions v2 a commit arriving after the
 * coordinator's timeout abort passes as a retry and fails the state check), where Kafka answers PRODUCER_FENCED.
 */
final class TimeoutRaces {
    private static final String[] NAMING = {TxnFields.TRANSACTIONAL_ID, TxnFields.PRODUCER_INSTANCE, TxnFields.PRODUCER_ID,
            TxnFields.PRODUCER_EPOCH};

    private final CheckResult result;

    TimeoutRaces(CheckResult result) {
        this.result = result;
    }

    /** Judges one transaction's completion ({@code invokeIndex} -1: its invocation was not seen). */
    void completed(Op op, long invokeIndex) {
        JsonNode v = op.value();
        if (!TxnFields.isInvalidTxnState(op.error()) || !TxnFields.stalledPastTimeout(v)) return;
        ObjectNode o = Json.object();
        for (String field : NAMING) if (v.has(field)) o.set(field, v.get(field));
        o.put("process", op.process());
        o.put("index", op.index());
        if (invokeIndex >= 0) o.put("invoke-index", invokeIndex);
        o.put("type", op.type().wire());
        o.put("abort", TxnOps.declaresAbort(op));
        o.put(TxnFields.STALLED_MS, v.get(TxnFields.STALLED_MS).asLong());
        o.put(TxnFields.TRANSACTION_TIMEOUT_MS, TxnFields.transactionTimeoutMs(v));
        o.put("error", op.error());
        result.anomaly(Anomalies.TXN_FATAL_AFTER_TIMEOUT.key(), o);
    }
}
