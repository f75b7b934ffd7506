package io.kchaos.report.scan;

import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the nemesis ops of a history into fault windows, by the pairing {@link NemesisOps} declares: a fault opens at
 * its invocation, and the completion of a heal closes every open fault it heals on the same node(s) (a heal naming no
 * node heals them all); a one-off action's window ends at its completion. Faults still open at the end of the run
 * last to its end.
 */
final class FaultWindowTracker {
    /** Told when a window opens and when it is healed, so figures can be gathered while it lasts. */
    interface Listener {
        void opened(FaultWindow w);

        void closed(FaultWindow w);
    }

    private record Pending(Op invoke, FaultWindow window) {
    }

    private final Listener listener;
    private final Map<String, Deque<Pending>> pending = new HashMap<>();
    private final List<FaultWindow> windows = new ArrayList<>();
    private final List<FaultWindow> events = new ArrayList<>();
    private final List<FaultWindow> open = new ArrayList<>();
    private int numbered;

    FaultWindowTracker(Listener listener) {
        this.listener = listener;
    }

    void accept(Op op) {
        if (NemesisOps.isNote(op.f())) return; // a detail of an open fault: in the history, not a window or a point
        if (op.isInvoke()) {
            FaultWindow w = NemesisOps.isFault(op.f()) ? open(op) : null;
            pending.computeIfAbsent(op.f(), f -> new ArrayDeque<>()).add(new Pending(op, w));
            return;
        }
        Deque<Pending> q = pending.get(op.f());
        Pending p = q == null || q.isEmpty() ? new Pending(op, null) : q.poll();
        if (NemesisOps.isFault(op.f())) {
            FaultWindow w = p.window() != null ? p.window() : open(op);
            w.describe(p.invoke().value(), null);
            w.describe(op.value(), op.error());
            if (NemesisOps.lookup(op.f()).orElseThrow().isEvent()) end(w, op.time());
        } else if (NemesisOps.isHeal(op.f())) {
            heal(op, p.invoke());
        } else {
            FaultWindow e = new FaultWindow(0, op.f(), p.invoke().time());
            e.describe(p.invoke().value(), null);
            e.describe(op.value(), op.error());
            e.endOfRun(p.invoke().time());
            events.add(e);
        }
    }

    private FaultWindow open(Op op) {
        FaultWindow w = new FaultWindow(++numbered, op.f(), op.time());
        windows.add(w);
        open.add(w);
        listener.opened(w);
        return w;
    }

    private void heal(Op completion, Op invoke) {
        Set<Integer> nodes = NemesisOps.nodes(completion.value());
        if (nodes.isEmpty()) nodes = NemesisOps.nodes(invoke.value());
        for (FaultWindow w : new ArrayList<>(open)) {
            if (!NemesisOps.heals(completion.f(), w.f())) continue;
            if (!nodes.isEmpty() && !w.nodes().isEmpty() && Collections.disjoint(nodes, w.nodes())) continue;
            w.heal(completion.time(), completion.f());
            open.remove(w);
            listener.closed(w);
        }
    }

    /** Ends a one-off action's window at its completion: it closed itself. */
    private void end(FaultWindow w, long time) {
        w.heal(Math.max(time, w.start()), w.f());
        open.remove(w);
        listener.closed(w);
    }

    /** Ends the windows nothing healed at the run's end. */
    void finish(long endTime) {
        for (FaultWindow w : open) w.endOfRun(endTime);
        open.clear();
    }

    /** Fault windows in the order they opened. */
    List<FaultWindow> windows() {
        return windows;
    }

    /** Nemesis actions that are neither a known fault nor a heal, as zero-length windows. */
    List<FaultWindow> events() {
        return events;
    }
}
