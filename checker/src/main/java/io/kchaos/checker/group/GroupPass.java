package io.kchaos.checker.group;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.checker.queue.MemberPass;
import io.kchaos.checker.queue.QueueLedger;
import io.kchaos.checker.queue.QueueOps;
import io.kchaos.checker.queue.QueuePass;
import io.kchaos.checker.result.CheckResult;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one pass over a consumer-group history. Group consumers' polls feed the queue ledger (a rebalance event is a
 * declared seek) and the group's consumed set; commits and committed-offset observations feed the per-partition
 * floor (the highest committed offset a completed op observed) and the resume bound (the highest offset that may be
 * committed). Observations below the floor as it was when the op was invoked are reported at once as
 * nonmonotonic commits; resumes are kept for the end of the pass. {@code send} and {@code drain} go to the queue pass.
 */
final class GroupPass extends MemberPass<GroupPass.Member> {
    /** A consumer that, on (re)assignment, resumed a partition at position while at most bound was committed. */
    record Resume(int process, int partition, long position, long bound, long index) {
    }

    final GroupCounts counts = new GroupCounts();
    final List<Resume> resumes = new ArrayList<>();
    final PositionResets positionResets = new PositionResets();
    final ConsumedRecords consumed = new ConsumedRecords();
    final Map<Integer, Long> caughtUp = new TreeMap<>();
    long catchUpIndex = -1;
    boolean autoCommit;
    private final QueueLedger ledger;
    private final CheckResult result;
    private final PartitionOffsets floors = new PartitionOffsets();
    private final PartitionOffsets observedOrRead = new PartitionOffsets();
    private final CommitCandidates commits = new CommitCandidates();

    /** A consumer process: its pending op, the floors when it was invoked, and partitions awaiting their first read. */
    static final class Member extends MemberPass.Pending {
        long[] floorsAtInvoke = new long[0];
        final Map<Integer, Long> awaitingFirstRead = new HashMap<>();
        /** Partitions assigned with a position and not read since: partition → {position, the assignment's index}. */
        final Map<Integer, long[]> resumedAt = new HashMap<>();
    }

    GroupPass(QueueLedger ledger, QueuePass queueOps, CheckResult result) {
        super(queueOps, Member::new);
        this.ledger = ledger;
        this.result = result;
    }

    @Override
    protected boolean isMemberOp(String f) {
        return GroupOps.isGroupOp(f);
    }

    @Override
    protected void invoked(Op op, Member m) {
        m.floorsAtInvoke = floors.snapshot();
        if (GroupOps.COMMIT.equals(op.f())) {
            QueueOps.forEachPartitionOffset(op, op.value(), "offsets", commits::add);
        }
    }

    @Override
    protected void abandon(Member m) {
        counts.add(m.pendingF, OpType.INFO);
        counts.invocationsWithoutCompletion++;
        m.pendingF = null;
    }

    @Override
    protected void complete(Op op, Member m) {
        JsonNode invoked = op.f().equals(m.pendingF) ? m.pendingValue : NullNode.getInstance();
        if (m.pendingF != null && !op.f().equals(m.pendingF)) abandon(m);
        m.pendingF = null;
        counts.add(op.f(), op.type());
        GroupOps.forEachRebalance(op, new Rebalance(op, m));
        switch (op.f()) {
            case GroupOps.SUBSCRIBE -> autoCommit |= GroupOps.autoCommit(op);
            case GroupOps.POLL -> {
                if (op.isOk()) polled(op, m);
            }
            case GroupOps.COMMIT -> {
                if (op.type() == OpType.FAIL) {
                    QueueOps.forEachPartitionOffset(op, invoked, "offsets", commits::remove);
                } else if (op.isOk()) {
                    observed(op, m, "committed");
                }
            }
            case GroupOps.COMMITTED -> {
                if (op.isOk()) observed(op, m, "committed");
            }
            case GroupOps.RESET -> {
                if (op.isOk()) QueueOps.forEachPartitionOffset(op, op.value(), "offsets", (p, o) -> {
                    floors.set(p, o, op.index());
                    observedOrRead.raise(p, o, op.index());
                });
            }
            case GroupOps.CATCH_UP -> {
                observed(op, m, "committed");
                catchUpIndex = op.index();
                QueueOps.forEachPartitionOffset(op, op.value(), "end-offsets", caughtUp::put);
            }
            default -> { }
        }
    }

    private void polled(Op op, Member m) {
        QueueOps.forEachRecord(op, op.value(), (p, o, v) -> {
            ledger.read(op.process(), QueueLedger.ReadKind.POLL, p, o, v, op.index());
            counts.recordsConsumed++;
            if (consumed.add(p, o, v, ledger.valueAt(p, o))) counts.duplicates++;
            if (autoCommit) observedOrRead.raise(p, o + 1, op.index());
            Long bound = m.awaitingFirstRead.remove(p);
            if (bound != null) resumes.add(new Resume(op.process(), p, o, bound, op.index()));
            long[] at = m.resumedAt.remove(p);
            if (at != null && at[0] != o) positionResets.add(new PositionResets.Jump(op.process(), p, at[0], o, at[1], op.index()));
        });
    }

    /** Committed offsets the broker returned: each must be at or above the floor as it was at the op's invocation. */
    private void observed(Op op, Member m, String field) {
        QueueOps.forEachPartitionOffset(op, op.value(), field, (p, c) -> {
            long floor = PartitionOffsets.in(m.floorsAtInvoke, p);
            if (c < floor) nonmonotonic(op, p, c, "committed", floor);
            floors.raise(p, c, op.index());
            observedOrRead.raise(p, c, op.index());
        });
    }

    private void nonmonotonic(Op op, int partition, long offset, String observedAs, long floor) {
        ObjectNode o = Json.object();
        o.put("process", op.process());
        o.put("partition", partition);
        o.put(observedAs, offset);
        o.put("index", op.index());
        o.put("previous-committed", floor);
        o.put("previous-index", floors.indexOf(partition));
        result.anomaly(Anomalies.NONMONOTONIC_COMMIT.key(), o);
    }

    /** The highest offset that may be committed for p now: asked for by a commit not known to fail, or observed. */
    private long bound(int p) {
        return Math.max(0, Math.max(commits.max(p), observedOrRead.get(p)));
    }

    /** Applies one op's rebalance events in order: every (re)assignment or revocation is a declared seek. */
    private final class Rebalance implements GroupOps.RebalanceSink {
        private final Op op;
        private final Member m;

        Rebalance(Op op, Member m) {
            this.op = op;
            this.m = m;
        }

        @Override
        public void assigned(int p, long position) {
            counts.assignments++;
            ledger.seek(op.process(), QueueLedger.ReadKind.POLL, p);
            long bound = bound(p);
            if (position < 0) {
                m.awaitingFirstRead.put(p, bound);
                m.resumedAt.remove(p);
                return;
            }
            m.awaitingFirstRead.remove(p);
            m.resumedAt.put(p, new long[] {position, op.index()});
            resumes.add(new Resume(op.process(), p, position, bound, op.index()));
            long floor = PartitionOffsets.in(m.floorsAtInvoke, p);
            if (position < floor) nonmonotonic(op, p, position, "resumed-at", floor);
        }

        @Override
        public void revoked(int p) {
            counts.revocations++;
            ledger.seek(op.process(), QueueLedger.ReadKind.POLL, p);
            m.awaitingFirstRead.remove(p);
            m.resumedAt.remove(p);
        }
    }
}
