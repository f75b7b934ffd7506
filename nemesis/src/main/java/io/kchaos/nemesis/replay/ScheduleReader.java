package io.kchaos.nemesis.replay;

import io.kchaos.history.FaultRole;
import io.kchaos.history.FaultSpan;
import io.kchaos.history.FaultWindows;
import io.kchaos.history.History;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads the fault schedule out of a history: each fault op's invocation (time, value, role), and each heal that closed
 * one of them, paired by {@link FaultWindows} (the one pairing rule of the format). A heal that closed nothing (the
 * final heal of a run with nothing left open) is left out; faults whose windows overlap form one numbered fault.
 * IllegalArgumentException for ops a replay cannot do yet, and for a planned operation whose value lacks a field its
 * replay reads (e.g. an alter-config without its {@code "to"}).
 */
public final class ScheduleReader {
    private record Draft(Op invoke, FaultSpan span, List<FaultSpan> heals) {
    }

    private ScheduleReader() {
    }

    /** The schedule of {@code history}; {@code source} names it in messages. */
    public static RecordedSchedule read(History history, String source) {
        List<Draft> drafts = new ArrayList<>();
        Map<FaultSpan, Draft> bySpan = new IdentityHashMap<>();
        List<FaultSpan> closedNow = new ArrayList<>();
        FaultWindows windows = new FaultWindows(new FaultWindows.Listener() {
            @Override
            public void opened(FaultSpan span) {
                // the step is made from the invocation below
            }

            @Override
            public void closed(FaultSpan span) {
                closedNow.add(span);
            }
        });
        Map<String, Deque<Op>> healInvokes = new HashMap<>();
        Set<String> refused = new TreeSet<>();
        List<String> unreadable = new ArrayList<>();
        long[] end = {0};
        history.forEach(op -> {
            end[0] = op.time();
            if (!op.isNemesis() || NemesisOps.isNote(op.f())) return;
            int before = windows.windows().size();
            closedNow.clear();
            windows.accept(op);
            if (op.isInvoke() && NemesisOps.isFault(op.f())) {
                if (!ReplayActions.replaysFault(op.f())) refused.add(op.f() + " (history line " + (op.index() + 1) + ")");
                else ReplayActions.unreadable(op.f(), op.value()).ifPresent(why -> unreadable.add(op.f() + " (history line " + (op.index() + 1) + "): " + why));
                FaultSpan span = windows.windows().get(before);
                Draft d = new Draft(op, span, List.of());
                drafts.add(d);
                bySpan.put(span, d);
            } else if (NemesisOps.isHeal(op.f())) {
                if (op.isInvoke()) {
                    healInvokes.computeIfAbsent(op.f(), f -> new ArrayDeque<>()).add(op);
                } else {
                    Deque<Op> q = healInvokes.get(op.f());
                    Op invoke = q == null || q.isEmpty() ? op : q.poll();
                    if (!closedNow.isEmpty()) drafts.add(new Draft(invoke, null, List.copyOf(closedNow)));
                }
            } else if (op.isInvoke() && !NemesisOps.isFault(op.f())) {
                refused.add(op.f() + " (history line " + (op.index() + 1) + ")");
            }
        });
        if (!refused.isEmpty()) {
            throw new IllegalArgumentException(source + ": cannot replay " + String.join(", ", refused) + " yet; a replay does "
                    + String.join(", ", ReplayActions.faults()));
        }
        if (!unreadable.isEmpty()) throw new IllegalArgumentException(source + ": cannot replay " + String.join("; ", unreadable));
        windows.finish(end[0]);
        return build(drafts, bySpan);
    }

    private static RecordedSchedule build(List<Draft> drafts, Map<FaultSpan, Draft> bySpan) {
        drafts.sort(java.util.Comparator.comparingLong(d -> d.invoke().time()));
        Map<Draft, Integer> ids = new IdentityHashMap<>();
        for (int i = 0; i < drafts.size(); i++) ids.put(drafts.get(i), i);
        // faults: fault ops whose windows overlap (in time order) are one fault
        int[] faultOf = new int[drafts.size()];
        int fault = 0;
        long groupEnd = Long.MIN_VALUE;
        for (Draft d : drafts) {
            if (d.span() == null) continue;
            if (d.span().start() > groupEnd) fault++;
            groupEnd = Math.max(groupEnd, d.span().end());
            faultOf[ids.get(d)] = fault;
        }
        List<RecordedSchedule.Step> steps = new ArrayList<>();
        List<String> noRole = new ArrayList<>();
        for (Draft d : drafts) {
            int id = ids.get(d);
            if (d.span() != null) {
                steps.add(new RecordedSchedule.Step(id, faultOf[id], d.invoke().time(), d.invoke().f(), d.invoke().value(),
                        d.span().nodes(), List.of(), d.invoke().index()));
                if (FaultRole.of(d.invoke().value()).isEmpty()) {
                    noRole.add(d.invoke().f() + " at " + RecordedSchedule.seconds(d.invoke().time()) + " s on " + d.span().nodes());
                }
            } else {
                List<Integer> healed = d.heals().stream().map(s -> ids.get(bySpan.get(s))).sorted().toList();
                int f = faultOf[healed.get(healed.size() - 1)];
                steps.add(new RecordedSchedule.Step(id, f, d.invoke().time(), d.invoke().f(), d.invoke().value(),
                        io.kchaos.history.FaultOp.nodes(d.invoke().value()), healed, d.invoke().index()));
            }
        }
        List<String> notes = noRole.isEmpty() ? List.of() : List.of("the history names no role for " + noRole.size() + " fault op(s) ("
                + String.join(", ", noRole) + "): they are replayed on those node ids");
        return new RecordedSchedule(steps, notes);
    }
}
