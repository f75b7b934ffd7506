package io.kchaos.checker.txn;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.checker.queue.QueueLedger;
import io.kchaos.checker.queue.QueueOps;
import io.kchaos.checker.queue.QueuePass;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.txn.graph.Dependencies;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The one pass over a transaction history: pairs each {@code txn} invocation with its completion per process and feeds
 * the queue ledger with what the outcome proves — a committed transaction's sends are acknowledged writes, an aborted
 * one's are definitely failed (reading them is G1a), an indeterminate one's are info — and with every poll micro-op's
 * reads. It reports precommitted reads at once and keeps what the end of the pass judges: committed and indeterminate
 * transactions (torn transactions), same-partition send pairs (internal send order), and what the dependency graph
 * needs (reads, process and real-time order), each transaction's producer ({@link ProducerTimeline}), the
 * producers' initializations ({@link InitAttempts}); it judges each stalled transaction's end ({@link TimeoutRaces}). {@code send}/{@code poll}/{@code drain} ops
 * go to the queue pass.
 */
final class TxnPass implements Consumer<Op> {
    final TxnCounts counts = new TxnCounts();
    final List<TxnRecord> visibleOrUnknown = new ArrayList<>();
    final SendPairs pairs = new SendPairs();
    final Dependencies graph = new Dependencies();
    final List<TxnRecord> byId = new ArrayList<>();
    final ProducerTimeline producers = new ProducerTimeline();
    final InitAttempts inits = new InitAttempts();
    private final QueueLedger ledger;
    private final QueuePass queueOps;
    private final CheckResult result;
    private final TimeoutRaces timeoutRaces;
    private final Map<Integer, Pending> pending = new HashMap<>();

    /** An invoked transaction awaiting its completion. */
    private record Pending(int id, List<TxnOps.Send> sends, long index, long time) {
    }

    TxnPass(QueueLedger ledger, QueuePass queueOps, CheckResult result) {
        this.ledger = ledger;
        this.queueOps = queueOps;
        this.result = result;
        this.timeoutRaces = new TimeoutRaces(result);
    }

    @Override
    public void accept(Op op) {
        if (op.isNemesis()) {
            producers.nemesis(op);
            return;
        }
        if (TxnOps.TXN.equals(op.f())) {
            if (op.isInvoke()) invoke(op);
            else complete(op);
        } else if (InitAttempts.F.equals(op.f())) {
            inits.accept(op);
        } else if (QueueOps.isQueueOp(op.f())) {
            queueOps.accept(op);
        }
    }

    /** Ends the pass: transactions still pending are indeterminate. */
    void finish() {
        queueOps.finish();
        for (Map.Entry<Integer, Pending> e : Map.copyOf(pending).entrySet()) abandon(e.getKey(), -1);
    }

    private void invoke(Op op) {
        if (pending.containsKey(op.process())) abandon(op.process(), op.index());
        List<TxnOps.Send> sends = TxnOps.sends(op);
        for (TxnOps.Send s : sends) ledger.sent(s.value(), op.time());
        ledger.transactionInvoked();
        int id = graph.invoked(op.index(), values(sends));
        byId.add(null);
        pending.put(op.process(), new Pending(id, sends, op.index(), op.time()));
    }

    /** An invocation that got no completion: info, as the spec says. */
    private void abandon(int process, long index) {
        Pending p = pending.remove(process);
        counts.invocationsWithoutCompletion++;
        ended(new TxnRecord(p.id(), index, process, OpType.INFO, p.sends()));
    }

    private void complete(Op op) {
        Pending p = pending.remove(op.process());
        List<TxnOps.Send> sends;
        int id;
        if (p == null) {
            counts.completionsWithoutInvocation++;
            sends = TxnOps.hasMicroOps(op) ? TxnOps.sends(op) : List.of();
            sends.forEach(s -> ledger.sent(s.value(), 0)); // invoked at an unknown time: the run's start bounds it
            ledger.transactionInvoked();
            id = graph.invoked(op.index(), values(sends));
            byId.add(null);
        } else {
            sends = TxnOps.hasMicroOps(op) ? TxnOps.sends(op) : p.sends();
            id = p.id();
        }
        producers.completed(op, p == null ? -1 : p.index(), p == null ? -1 : p.time());
        timeoutRaces.completed(op, p == null ? -1 : p.index());
        TxnRecord txn = new TxnRecord(id, op.index(), op.process(), op.type(), sends);
        switch (op.type()) {
            case OK -> committed(op, txn);
            case FAIL -> aborted(op, txn);
            default -> { }
        }
        ended(txn);
        pairs.addAll(op.process(), op.index(), sends);
        if (TxnOps.hasMicroOps(op)) polls(op, txn);
    }

    private void ended(TxnRecord txn) {
        counts.ended(txn.type());
        byId.set(txn.id(), txn);
        if (txn.type() == OpType.FAIL) graph.aborted(txn.id());
        else graph.completed(txn.id(), txn.process(), txn.index(), txn.type() == OpType.OK);
        if (txn.type() == OpType.INFO) txn.sends().forEach(s -> ledger.info(s.value()));
        if (txn.type() != OpType.FAIL) visibleOrUnknown.add(txn);
    }

    /** A committed transaction's sends are acknowledged writes; send order is judged between transactions. */
    private void committed(Op op, TxnRecord txn) {
        Set<Integer> seen = new HashSet<>();
        for (TxnOps.Send s : txn.sends()) {
            if (s.partition() < 0) throw QueueOps.malformed(op, "a committed send names no partition: value " + s.value());
            ledger.acked(s.value(), s.partition(), s.offset(), op.index(), op.process(), op.time());
            ledger.sendOrder(op.process(), s.partition(), s.offset(), s.value(), op.index(), seen.add(s.partition()));
            counts.committedSends++;
        }
    }

    private void aborted(Op op, TxnRecord txn) {
        if (TxnOps.declaresAbort(op)) counts.abortedDeliberately++;
        for (TxnOps.Send s : txn.sends()) ledger.failed(s.value(), op.index(), op.process(), op.time());
    }

    /** A poll micro-op's reads count whatever the transaction's outcome: consumers must only ever return committed data. */
    private void polls(Op op, TxnRecord txn) {
        Set<Long> own = new HashSet<>();
        txn.sends().forEach(s -> own.add(s.value()));
        for (JsonNode poll : TxnOps.polls(op)) {
            counts.polls++;
            QueueOps.forEachSoughtPartition(op, poll, p -> ledger.seek(op.process(), QueueLedger.ReadKind.POLL, p));
            if (!poll.has("records")) continue;
            QueueOps.forEachRecord(op, poll, (p, o, v) -> {
                counts.recordsPolled++;
                ledger.read(op.process(), QueueLedger.ReadKind.POLL, p, o, v, op.index());
                if (own.contains(v)) precommittedRead(op, p, o, v);
                else graph.read(txn.id(), p, o, v);
            });
        }
    }

    private static long[] values(List<TxnOps.Send> sends) {
        return sends.stream().mapToLong(TxnOps.Send::value).toArray();
    }

    private void precommittedRead(Op op, int partition, long offset, long v) {
        ObjectNode o = Json.object();
        o.put("process", op.process());
        o.put("index", op.index());
        o.put("value", v);
        o.put("partition", partition);
        o.put("offset", offset);
        result.anomaly(Anomalies.PRECOMMITTED_READ.key(), o);
    }
}
