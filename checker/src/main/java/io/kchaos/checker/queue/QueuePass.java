package io.kchaos.checker.queue;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.checker.result.CheckResult;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The one pass over a queue history: pairs each client invocation with its completion per process and feeds sends,
 * reads, seeks and drains into a {@link QueueLedger}. It keeps no {@link Op}. Nemesis ops and unknown fs are ignored,
 * so the transaction and consumer-group checkers hand it their {@code send}/{@code poll}/{@code drain} ops.
 */
public final class QueuePass implements Consumer<Op> {
    final OpCounts counts = new OpCounts();
    private final QueueLedger ledger;
    /** The processes with an invocation pending (an idle one is dropped: a fresh state is the same). */
    private final Map<Integer, ProcessState> processes = new HashMap<>();
    private long invocationsWithoutCompletion;
    private long completionsWithoutInvocation;

    public QueuePass(QueueLedger ledger) {
        this.ledger = ledger;
    }

    @Override
    public void accept(Op op) {
        if (op.isNemesis() || !QueueOps.isQueueOp(op.f())) return;
        ProcessState process = processes.computeIfAbsent(op.process(), k -> new ProcessState());
        if (op.isInvoke()) invoke(op, process);
        else complete(op, process);
    }

    /** Ends the pass: invocations still pending count as info. */
    public void finish() {
        processes.values().forEach(p -> {
            if (p.pendingF() != null) abandon(p);
        });
    }

    /** Adds the op counts ({@code send}, {@code poll}, {@code drain}) to the statistics. */
    public void countsInto(ObjectNode stats) {
        stats.set(QueueOps.SEND, counts.toJson(QueueOps.SEND));
        stats.set(QueueOps.POLL, counts.toJson(QueueOps.POLL));
        stats.set(QueueOps.DRAIN, counts.toJson(QueueOps.DRAIN));
    }

    /** Adds the pairing figures and warnings (invocations without completion and the reverse). */
    public void pairingInto(CheckResult result) {
        result.stats().put(ResultsFields.Stats.INVOCATIONS_WITHOUT_COMPLETION, invocationsWithoutCompletion);
        if (invocationsWithoutCompletion > 0) {
            result.warn(invocationsWithoutCompletion + " invocation(s) have no completion; counted as info");
        }
        if (completionsWithoutInvocation > 0) {
            result.warn(completionsWithoutInvocation + " completion(s) have no pending invocation of the same "
                    + "process and f");
        }
    }

    private void invoke(Op op, ProcessState process) {
        if (process.pendingF() != null) abandon(process);
        if (QueueOps.SEND.equals(op.f())) {
            long v = QueueOps.sendValue(op);
            ledger.sent(v, op.time());
            process.invokedSend(v);
        } else {
            process.invoked(op.f());
            QueueLedger.ReadKind kind = kind(op.f());
            QueueOps.forEachSoughtPartition(op, p -> ledger.seek(op.process(), kind, p));
        }
    }

    /** An invocation that got no completion: info, as the spec says. */
    private void abandon(ProcessState process) {
        counts.add(process.pendingF(), OpType.INFO);
        if (process.pendingHasValue()) ledger.info(process.pendingValue());
        invocationsWithoutCompletion++;
        process.completed();
    }

    private void complete(Op op, ProcessState process) {
        if (!op.f().equals(process.pendingF())) {
            if (process.pendingF() != null) abandon(process);
            completionsWithoutInvocation++;
        }
        counts.add(op.f(), op.type());
        if (QueueOps.SEND.equals(op.f())) completeSend(op, process);
        else if (op.isOk()) completeRead(op);
        processes.remove(op.process());
    }

    private void completeSend(Op op, ProcessState process) {
        if (op.isOk()) {
            long v = QueueOps.sendValue(op);
            int p = QueueOps.partition(op, op.value());
            long o = QueueOps.ackOffset(op);
            ledger.acked(v, p, o, op.index(), op.process(), op.time());
            ledger.sendOrder(op.process(), p, o, v, op.index(), true);
            return;
        }
        long v;
        if (QueueOps.hasSendValue(op)) v = QueueOps.sendValue(op);
        else if (process.pendingHasValue()) v = process.pendingValue();
        else return;
        if (op.type() == OpType.FAIL) ledger.failed(v, op.index(), op.process(), op.time());
        else ledger.info(v);
    }

    private void completeRead(Op op) {
        QueueLedger.ReadKind kind = kind(op.f());
        QueueOps.forEachRecord(op, (p, o, v) -> ledger.read(op.process(), kind, p, o, v, op.index()));
        if (QueueOps.DRAIN.equals(op.f())) {
            ledger.drainRan();
            QueueOps.forEachEndOffset(op, (p, end) -> ledger.drained(p, end, op.index()));
            QueueOps.forEachStartOffset(op, (p, start) -> ledger.drainStarted(p, start, op.index(), op.time()));
            QueueOps.forEachUnfinished(op, ledger::drainStopped);
        }
    }

    private static QueueLedger.ReadKind kind(String f) {
        return QueueOps.DRAIN.equals(f) ? QueueLedger.ReadKind.DRAIN : QueueLedger.ReadKind.POLL;
    }
}
