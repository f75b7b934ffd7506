package io.kchaos.history;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one pairing of a history's nemesis ops into fault windows (docs/format.md, "Nemesis ops"), used by availability
 * and the report: a fault opens at its invocation, when the nemesis starts acting; the completion of a heal that
 * {@link NemesisOps} declares for it closes it when their nodes overlap (a heal naming no node heals them all); a
 * one-off action closes at its own completion; faults still open at the end last to the run's end.
 */
public final class FaultWindows {
    /** Told when a window opens and when it closes, so figures can be gathered while it lasts. */
    public interface Listener {
        void opened(FaultSpan span);

        void closed(FaultSpan span);
    }

    private record Pending(Op invoke, FaultSpan span) {
    }

    private static final Listener NOBODY = new Listener() {
        @Override
        public void opened(FaultSpan span) {
        }

        @Override
        public void closed(FaultSpan span) {
        }
    };

    private final Listener listener;
    private final Map<String, Deque<Pending>> pending = new HashMap<>();
    private final List<FaultSpan> windows = new ArrayList<>();
    private final List<FaultSpan> others = new ArrayList<>();
    private final List<FaultSpan> open = new ArrayList<>();
    private int numbered;

    public FaultWindows(Listener listener) {
        this.listener = listener;
    }

    public FaultWindows() {
        this(NOBODY);
    }

    /** Reads one op; ops of other processes than the nemesis are ignored. */
    public void accept(Op op) {
        if (!op.isNemesis() || NemesisOps.isNote(op.f())) return; // a note is a detail of an open fault, not a window
        if (op.isInvoke()) {
            FaultSpan s = NemesisOps.isFault(op.f()) ? open(op.f(), op.time(), op) : null;
            pending.computeIfAbsent(op.f(), f -> new ArrayDeque<>()).add(new Pending(op, s));
            return;
        }
        Deque<Pending> q = pending.get(op.f());
        Pending p = q == null || q.isEmpty() ? new Pending(op, null) : q.poll();
        if (NemesisOps.isFault(op.f())) {
            FaultSpan s = p.span() != null ? p.span() : open(op.f(), op.time(), op);
            s.completed(op);
            if (s.isEvent()) close(s, op.time(), op.f());
        } else if (NemesisOps.isHeal(op.f())) {
            heal(op, p.invoke());
        } else {
            FaultSpan e = new FaultSpan(0, op.f(), p.invoke().time(), p.invoke().value());
            e.completed(op);
            e.endOfRun(p.invoke().time());
            others.add(e);
        }
    }

    private FaultSpan open(String f, long time, Op invoke) {
        FaultSpan s = new FaultSpan(++numbered, f, time, invoke.value());
        windows.add(s);
        open.add(s);
        listener.opened(s);
        return s;
    }

    private void heal(Op completion, Op invoke) {
        Set<Integer> nodes = FaultOp.nodes(completion.value());
        if (nodes.isEmpty()) nodes = FaultOp.nodes(invoke.value());
        for (FaultSpan s : new ArrayList<>(open)) {
            if (!NemesisOps.heals(completion.f(), s.f())) continue;
            if (!nodes.isEmpty() && !s.nodes().isEmpty() && Collections.disjoint(nodes, s.nodes())) continue;
            close(s, completion.time(), completion.f());
        }
    }

    private void close(FaultSpan s, long time, String by) {
        s.heal(time, by);
        open.remove(s);
        listener.closed(s);
    }

    /** Ends the windows nothing healed at the run's end. */
    public void finish(long endTime) {
        for (FaultSpan s : open) s.endOfRun(endTime);
        open.clear();
    }

    /** Fault windows in the order they opened. */
    public List<FaultSpan> windows() {
        return windows;
    }

    /**
     * When the last fault healed: the latest end of a window after {@link #finish} (the run's end when one was never
     * healed), {@code 0}, the run's start, when there was no fault. From then on no fault acts on the cluster.
     */
    public long healedAt() {
        return windows.stream().mapToLong(FaultSpan::end).max().orElse(0);
    }

    /** Nemesis actions that are neither a known fault nor a heal, as zero-length spans. */
    public List<FaultSpan> others() {
        return others;
    }
}
