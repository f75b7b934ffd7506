package io.kchaos.checker.queue;

import io.kchaos.checker.history.Op;
import io.kchaos.checker.history.OpType;
import io.kchaos.checker.result.CheckResult;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The one pass over a queue history: pairs each client invocation with its completion per process and feeds sends and
 * reads into per-value, per-partition and per-process state. It keeps no {@link Op}: memory grows with distinct values
 * and offsets, not with ops. Nemesis ops and unknown fs are ignored.
 */
final class QueuePass implements Consumer<Op> {
    final ValueTable values = new ValueTable();
    final Partitions partitions = new Partitions();
    final OffsetConflicts conflicts = new OffsetConflicts();
    final PollJumps jumps = new PollJumps();
    final OpCounts counts = new OpCounts();
    private final ProcessOrders orders;
    private final Map<Integer, ProcessState> processes = new HashMap<>();
    private long recordsRead;
    private long invocationsWithoutCompletion;
    private long completionsWithoutInvocation;

    QueuePass(CheckResult result) {
        this.orders = new ProcessOrders(result, jumps);
    }

    @Override
    public void accept(Op op) {
        if (op.isNemesis() || !QueueOps.isQueueOp(op.f())) return;
        ProcessState process = processes.computeIfAbsent(op.process(), k -> new ProcessState());
        if (op.isInvoke()) invoke(op, process);
        else complete(op, process);
    }

    /** Ends the pass: invocations still pending count as info. */
    void finish() {
        processes.values().forEach(p -> {
            if (p.pendingF() != null) abandon(p);
        });
    }

    long recordsRead() {
        return recordsRead;
    }

    long invocationsWithoutCompletion() {
        return invocationsWithoutCompletion;
    }

    long completionsWithoutInvocation() {
        return completionsWithoutInvocation;
    }

    private void invoke(Op op, ProcessState process) {
        if (process.pendingF() != null) abandon(process);
        if (QueueOps.SEND.equals(op.f())) {
            long v = QueueOps.sendValue(op);
            values.sent(v);
            process.invokedSend(v);
        } else {
            process.invoked(op.f());
            QueueOps.forEachSoughtPartition(op, p -> orders.seek(process.readCursors(op.f()), p));
        }
    }

    /** An invocation that got no completion: info, as the spec says. */
    private void abandon(ProcessState process) {
        counts.add(process.pendingF(), OpType.INFO);
        if (process.pendingHasValue()) values.info(process.pendingValue());
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
        else if (op.isOk()) completeRead(op, process);
        process.completed();
    }

    private void completeSend(Op op, ProcessState process) {
        if (op.isOk()) {
            acked(op, QueueOps.sendValue(op), process);
            return;
        }
        long v;
        if (QueueOps.hasSendValue(op)) v = QueueOps.sendValue(op);
        else if (process.pendingHasValue()) v = process.pendingValue();
        else return;
        if (op.type() == OpType.FAIL) values.failed(v, op.index(), op.process(), op.time());
        else values.info(v);
    }

    private void acked(Op op, long v, ProcessState process) {
        int p = QueueOps.partition(op, op.value());
        long o = QueueOps.ackOffset(op);
        values.acked(v, p, o, op.index(), op.process(), op.time());
        PartitionLog log = partitions.get(p);
        if (o < 0) return;
        claim(log, o, v, op.index());
        orders.sent(process.sends, op.process(), p, o, v, op.index());
    }

    private void completeRead(Op op, ProcessState process) {
        Map<Integer, Cursor> cursors = process.readCursors(op.f());
        QueueOps.forEachRecord(op, (p, o, v) -> {
            recordsRead++;
            values.read(v, p, o, op.index());
            PartitionLog log = partitions.get(p);
            log.read(o, op.index());
            claim(log, o, v, op.index());
            orders.read(cursors, op.process(), p, o, v, op.index());
        });
        if (QueueOps.DRAIN.equals(op.f())) {
            QueueOps.forEachEndOffset(op, (p, end) -> partitions.get(p).drained(end, op.index()));
        }
    }

    private void claim(PartitionLog log, long offset, long v, long index) {
        int slot = log.claim(offset, v, index);
        long held = log.valueAt(slot);
        if (held != v) conflicts.add(log.partition(), offset, held, log.firstIndexAt(slot), v, index);
    }
}
