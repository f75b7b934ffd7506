package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.kchaos.history.Op;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The skeleton of a pass over a history whose consumer processes ("members") run ops of their own beside the queue's:
 * each member's own ops are paired invocation to completion, an invocation left without one is abandoned (indeterminate),
 * and every queue op (send, poll, drain) goes to the queue pass.
 */
public abstract class MemberPass<M extends MemberPass.Pending> implements Consumer<Op> {
    /** A member's invocation still waiting for its completion. */
    public static class Pending {
        /** The pending op's name, or null when none is pending. */
        public String pendingF;
        /** The pending invocation's value. */
        public JsonNode pendingValue = NullNode.getInstance();
    }

    private final Map<Integer, M> members = new HashMap<>();
    private final QueuePass queueOps;
    private final Supplier<M> newMember;

    protected MemberPass(QueuePass queueOps, Supplier<M> newMember) {
        this.queueOps = queueOps;
        this.newMember = newMember;
    }

    @Override
    public final void accept(Op op) {
        if (op.isNemesis()) return;
        if (isMemberOp(op.f())) {
            M m = members.computeIfAbsent(op.process(), k -> newMember.get());
            if (op.isInvoke()) {
                if (m.pendingF != null) abandon(m);
                m.pendingF = op.f();
                m.pendingValue = op.value();
                invoked(op, m);
            } else {
                complete(op, m);
            }
        } else if (QueueOps.isQueueOp(op.f())) {
            queueOps.accept(op);
        }
    }

    /** Ends the pass: the queue pass's, and every member's pending invocation becomes indeterminate. */
    public void finish() {
        queueOps.finish();
        members.values().forEach(m -> {
            if (m.pendingF != null) abandon(m);
        });
    }

    /** True for the ops this pass pairs per member. */
    protected abstract boolean isMemberOp(String f);

    /** An invocation, already recorded as the member's pending one. */
    protected abstract void invoked(Op op, M m);

    /** A completion ({@code ok}, {@code fail} or {@code info}) of one of the member's ops. */
    protected abstract void complete(Op op, M m);

    /** The member's pending invocation ends without a completion; implementations clear {@code pendingF}. */
    protected abstract void abandon(M m);
}
