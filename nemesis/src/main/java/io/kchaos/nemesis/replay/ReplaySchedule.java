package io.kchaos.nemesis.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultKind;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.schedule.ScheduleThread;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Replays a {@link RecordedSchedule}: each op at its recorded time since the run's start (on this run's history
 * clock), a fault op on the nodes its role resolved to as its fault began (half a second before the fault's first
 * op, while the cluster is whole), a heal on the nodes its fault ops hit in this run (a planned operation's heal: undoing
 * what this replay did, as the value it recorded for the fault says). Each op is recorded as the original was, with the
 * resolved nodes and {@code "replay-of"}: the original's history index. Ops after the time limit are left to the final
 * heal, but for the heals of planned operations (restore-config, ...), which the replay does as it stops.
 */
public final class ReplaySchedule extends ScheduleThread {
    /** How long before a fault's first op its roles are resolved (the metadata requests take a moment). */
    static final long RESOLVE_AHEAD_NANOS = 500_000_000L;
    private final RecordedSchedule schedule;
    private final List<List<Integer>> hit;
    private final Map<Integer, RoleResolver.Resolved> resolved = new HashMap<>();
    /** The value this replay recorded for each fault step it did, by step id (what a planned operation's heal undoes). */
    private final Map<Integer, ObjectNode> replayed = new HashMap<>();
    private final Set<Integer> healed = new HashSet<>();
    private int lastFault;

    public ReplaySchedule(RecordedSchedule schedule, NemesisContext ctx) {
        super(ctx, "nemesis-replay");
        this.schedule = schedule;
        this.hit = new ArrayList<>();
        schedule.steps().forEach(s -> hit.add(List.of()));
    }

    @Override
    public void run() {
        for (RecordedSchedule.Step step : schedule.steps()) {
            if (step.fault() != lastFault && !step.isHeal()) {
                // a fault's roles are resolved as it begins, on a healthy cluster, as a nemesis chooses its targets
                // before it acts (the leader of p is asked for before its followers are paused, not while they are)
                if (!sleepUntil(step.time() - RESOLVE_AHEAD_NANOS)) return;
                lastFault = step.fault();
                resolveFault(step.fault());
            }
            if (!sleepUntil(step.time())) return;
            try {
                if (step.isHeal()) heal(step);
                else fault(step);
            } catch (RuntimeException e) {
                current = "replay of " + step.f() + " failed: " + e.getMessage();
            }
        }
    }

    private void resolveFault(int fault) {
        for (RecordedSchedule.Step s : schedule.steps()) {
            if (s.fault() == fault && !s.isHeal()) resolved.put(s.id(), RoleResolver.resolve(s, ctx));
        }
        injected++;
    }

    private void fault(RecordedSchedule.Step step) {
        RoleResolver.Resolved r = resolved.computeIfAbsent(step.id(), id -> RoleResolver.resolve(step, ctx));
        boolean onTheTopic = NemesisOps.lookup(step.f()).map(o -> o.kind() == FaultKind.OPERATION).orElse(false); // needs no node
        if (r.nodes().isEmpty() && !onTheTopic) {
            current = "none (" + step.f() + ": no node was " + r.how() + ")";
            return;
        }
        ObjectNode v = value(step, r.nodes());
        hit.set(step.id(), r.nodes());
        replayed.put(step.id(), v);
        current = "replay #" + step.fault() + ": " + step.f() + " " + r.nodes() + " (" + r.how() + ")";
        ctx.recorder().record(step.f(), v, () -> ReplayActions.fault(ctx, step.f(), r.nodes(), v));
    }

    private void heal(RecordedSchedule.Step step) {
        healed.add(step.id());
        List<JsonNode> faults = step.heals().stream().filter(replayed::containsKey).<JsonNode>map(replayed::get).toList();
        if (faults.isEmpty()) return; // its faults found no target in this run
        Set<Integer> nodes = new LinkedHashSet<>();
        step.heals().forEach(h -> nodes.addAll(hit.get(h)));
        List<Integer> list = List.copyOf(nodes);
        ObjectNode v = value(step, list);
        ctx.recorder().record(step.f(), v, () -> ReplayActions.heal(ctx, step.f(), list, faults, v));
        current = "none";
    }

    /** The heals of planned operations the replay did not reach (past the time limit): the final heal cannot undo those. */
    @Override
    protected void healActive() {
        for (RecordedSchedule.Step step : schedule.steps()) {
            if (!step.isHeal() || healed.contains(step.id()) || !ReplayActions.undoesOperation(step.f())) continue;
            try {
                heal(step);
            } catch (RuntimeException e) {
                current = "replay of " + step.f() + " failed: " + e.getMessage();
            }
        }
    }

    /** The op's value in this run: the recorded one with the nodes it is done to now and {@code "replay-of"}. */
    private static ObjectNode value(RecordedSchedule.Step step, List<Integer> nodes) {
        ObjectNode v = step.value().isObject() ? ((ObjectNode) step.value()).deepCopy() : io.kchaos.history.Json.object();
        v.setAll(NemesisRecorder.nodes(nodes));
        v.put("replay-of", step.index());
        v.remove("dropped");
        return v;
    }

    /** Sleeps until the history clock reaches {@code time}; false when stopped first. */
    private boolean sleepUntil(long time) {
        while (!stopping) {
            long left = time - ctx.recorder().now();
            if (left <= 0) return true;
            if (!pause(Math.max(1, Math.min(left / 1_000_000, 200)))) return false;
        }
        return false;
    }
}
