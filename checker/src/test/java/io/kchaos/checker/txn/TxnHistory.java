package io.kchaos.checker.txn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.TxnFields;
import io.kchaos.checker.result.CheckResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds small transaction histories for tests; each call appends lines with consecutive indexes and times. */
final class TxnHistory {
    /** A send micro-op: value to partition, at offset (-1: the completion names none). */
    record S(long value, int partition, long offset) {
    }

    /** A record read: value at (partition, offset). */
    record R(int partition, long offset, long value) {
    }

    private final List<Op> ops = new ArrayList<>();
    private int[] rounds;
    private long stalledMs;
    private long stallTimeoutMs;
    private long elapsed;
    private String killDuringNext;
    private OpType killDuringNextType;

    static S s(long value, int partition, long offset) {
        return new S(value, partition, offset);
    }

    static R r(int partition, long offset, long value) {
        return new R(partition, offset, value);
    }

    TxnHistory line(int process, OpType type, String f, JsonNode value) {
        return line(process, type, f, value, type == OpType.FAIL || type == OpType.INFO ? "TimeoutException: test" : null);
    }

    private TxnHistory line(int process, OpType type, String f, JsonNode value, String error) {
        ops.add(new Op(ops.size(), elapsed + ops.size() * 1000L, process, type, f, value == null ? NullNode.getInstance() : value, error));
        return this;
    }

    /** Lets {@code nanos} pass before the next line. */
    TxnHistory after(long nanos) {
        elapsed += nanos;
        return this;
    }

    /** A nemesis op's invocation and completion ({@code info}), value in JSON. */
    TxnHistory nemesis(String f, String value) {
        return nemesis(f, value, OpType.INFO);
    }

    /** A nemesis op's invocation and its completion of type {@code completion}, value in JSON. */
    private TxnHistory nemesis(String f, String value, OpType completion) {
        try {
            JsonNode v = Json.MAPPER.readTree(value);
            return line(Op.NEMESIS, OpType.INVOKE, f, v, null).line(Op.NEMESIS, completion, f, v, null);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The next {@link #txnBy} transaction's coordinator is killed between its invocation and its completion. */
    TxnHistory coordinatorKilledDuringNext(String transactionalId, OpType killCompletion) {
        killDuringNext = transactionalId;
        killDuringNextType = killCompletion;
        return this;
    }

    /** The kill of {@code transactionalId}'s coordinator as the nemesis records it: ok when it held, info when not. */
    TxnHistory coordinatorKilled(String transactionalId, OpType completion) {
        return nemesis("kill", "{\"nodes\": [3], \"role\": \"coordinator\", \"coordinator-of\": {\"transactional-id\": \""
                + transactionalId + "\"}}", completion);
    }

    /**
     * A txn-init attempt of producer instance {@code instance} of {@code transactionalId}: completed with type and error
     * (null for ok), an ok one with producer id and epoch (pid -1: none).
     */
    /** A failed txn-init attempt whose producer could not be created ({@code "client-created": false}). */
    TxnHistory initNotCreated(int process, String error, String transactionalId, int instance) {
        ObjectNode v = Json.object().put(TxnFields.TRANSACTIONAL_ID, transactionalId).put(TxnFields.PRODUCER_INSTANCE, instance);
        line(process, OpType.INVOKE, ClientOps.TXN_INIT, v, null);
        return line(process, OpType.FAIL, ClientOps.TXN_INIT, v.deepCopy().put(TxnFields.CLIENT_CREATED, false), error);
    }

    TxnHistory init(int process, OpType type, String error, String transactionalId, int instance, long pid, int epoch) {
        ObjectNode v = Json.object().put(TxnFields.TRANSACTIONAL_ID, transactionalId).put(TxnFields.PRODUCER_INSTANCE, instance);
        line(process, OpType.INVOKE, ClientOps.TXN_INIT, v, null);
        ObjectNode done = v.deepCopy();
        if (pid >= 0) done.put(TxnFields.PRODUCER_ID, pid).put(TxnFields.PRODUCER_EPOCH, epoch);
        return line(process, type, ClientOps.TXN_INIT, done, error);
    }

    /** A transaction of sends, invoked and completed with type (abort: the value declares a deliberate abort). */
    TxnHistory txn(int process, OpType type, boolean abort, S... sends) {
        return txnInvoke(process, abort, sends).txnComplete(process, type, abort, sends, null);
    }

    /** A transaction of sends in rounds (the workload's send-rounds: its values carry {@code "rounds": [...]}). */
    TxnHistory txnInRounds(int process, OpType type, boolean abort, int[] rounds, S... sends) {
        this.rounds = rounds;
        try {
            return txn(process, type, abort, sends);
        } finally {
            this.rounds = null;
        }
    }

    /** A transaction of sends followed by one poll micro-op that returned these records. */
    TxnHistory txnWithPoll(int process, OpType type, S[] sends, R... polled) {
        return txnInvoke(process, false, sends).txnComplete(process, type, false, sends, polled);
    }

    TxnHistory txnInvoke(int process, boolean abort, S... sends) {
        ObjectNode v = Json.object();
        ArrayNode mops = v.putArray("txn");
        for (S s : sends) mops.addArray().add("send").add("k" + s.value() % 4).add(s.value())
                .addObject().put("partition", s.partition());
        shape(v, abort);
        return line(process, OpType.INVOKE, "txn", v);
    }

    TxnHistory txnComplete(int process, OpType type, boolean abort, S[] sends, R[] polled) {
        ObjectNode v = Json.object();
        ArrayNode mops = v.putArray("txn");
        for (S s : sends) {
            ObjectNode at = mops.addArray().add("send").add("k" + s.value() % 4).add(s.value()).addObject()
                    .put("partition", s.partition());
            if (s.offset() >= 0) at.put("offset", s.offset());
        }
        if (polled != null) mops.addArray().add("poll").add(records(polled));
        shape(v, abort);
        return line(process, type, "txn", v);
    }

    /**
     * A transaction of no sends run by producer instance {@code instance} of {@code transactionalId}, ending with
     * producer id and epoch (pid -1: the completion names none) and error (null for ok).
     */
    TxnHistory txnBy(int process, OpType type, String error, String transactionalId, int instance, long pid, int epoch) {
        txnInvoke(process, false);
        if (killDuringNext != null) coordinatorKilled(killDuringNext, killDuringNextType);
        killDuringNext = null;
        ObjectNode v = Json.object();
        v.putArray("txn");
        v.put("abort", false);
        v.put(TxnFields.TRANSACTIONAL_ID, transactionalId);
        v.put(TxnFields.PRODUCER_INSTANCE, instance);
        if (pid >= 0) v.put(TxnFields.PRODUCER_ID, pid).put(TxnFields.PRODUCER_EPOCH, epoch);
        if (stalledMs > 0) v.put(TxnFields.STALLED_MS, stalledMs);
        if (stallTimeoutMs > 0) v.put(TxnFields.TRANSACTION_TIMEOUT_MS, stallTimeoutMs);
        stalledMs = 0;
        stallTimeoutMs = 0;
        return line(process, type, "txn", v, error);
    }

    /**
     * The next {@link #txnBy} transaction was held open after its sends for {@code ms} (the workload's stall), its
     * transaction timeout not recorded (a history written before {@code transaction-timeout-ms}).
     */
    TxnHistory stalled(long ms) {
        return stalled(ms, 0);
    }

    /** As {@link #stalled(long)}, by a producer whose transaction.timeout.ms the completion records ({@code timeoutMs} > 0). */
    TxnHistory stalled(long ms, long timeoutMs) {
        stalledMs = ms;
        stallTimeoutMs = timeoutMs;
        return this;
    }

    /** A read_committed consumer's poll. */
    TxnHistory poll(int process, R... records) {
        return line(process, OpType.INVOKE, "poll", null).line(process, OpType.OK, "poll", records(records));
    }

    /** A drain op completing the read of the partitions in endOffsets. */
    TxnHistory drain(int process, Map<Integer, Long> endOffsets, R... records) {
        ObjectNode ok = records(records);
        ObjectNode ends = ok.putObject("end-offsets");
        endOffsets.forEach((p, o) -> ends.put(String.valueOf(p), o));
        return line(process, OpType.INVOKE, "drain", null).line(process, OpType.OK, "drain", ok);
    }

    private void shape(ObjectNode v, boolean abort) {
        v.put("abort", abort);
        if (rounds != null) {
            ArrayNode a = v.putArray("rounds");
            for (int n : rounds) a.add(n);
        }
    }

    long last() {
        return ops.size() - 1;
    }

    History build() {
        return History.of(List.copyOf(ops));
    }

    CheckResult check() {
        return new TxnChecker().check(build());
    }

    private static ObjectNode records(R... records) {
        ObjectNode v = Json.object();
        ArrayNode a = v.putArray("records");
        for (R r : records) {
            a.addObject().put("partition", r.partition()).put("offset", r.offset()).put("key", "k" + r.value() % 4)
                    .put("value", r.value());
        }
        return v;
    }
}
