package io.kchaos.checker.availability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.FaultRole;
import io.kchaos.history.FaultSpan;
import io.kchaos.history.FaultWindows;
import io.kchaos.history.History;
import io.kchaos.history.NemesisTrack;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.ResultsFields.ControllerFailovers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The controller failover times of a run, from its history's nemesis ops and run.json's controller timeline: for each
 * fault aimed at the active controller ({@code "role": "controller"} with an {@code epoch}), the first timeline entry
 * of a higher epoch seen from the fault's invocation until the next controller fault's invocation (or the run's end),
 * and the time from the fault holding to it. None seen is no failover: a fault that caused no election (e.g. a cut
 * follower voter, whose pre-vote fails) is an outcome too. The timeline is polled every 0.5 s, so each time is the
 * time without a quorum leader known to the harness, up to one poll late (docs/format.md, "Controller failovers").
 */
public final class FailoverTimes {
    private FailoverTimes() {
    }

    /** Adds {@code stats.controller-failovers} to {@code r} when the run recorded a controller timeline; else nothing. */
    public static void addTo(CheckResult r, History history, ControllerTimeline timeline) {
        if (timeline.changes().isEmpty()) return;
        addTo(r, NemesisTrack.of(history), timeline);
    }

    /** The same from a history's nemesis ops, gathered once for every judgment of faults. */
    public static void addTo(CheckResult r, NemesisTrack track, ControllerTimeline timeline) {
        if (timeline.changes().isEmpty()) return;
        r.stats().set(ResultsFields.Stats.CONTROLLER_FAILOVERS, toJson(of(track, timeline)));
    }

    /** One outcome per controller fault the nemesis completed, in order. */
    public static List<ControllerFailover> of(NemesisTrack track, ControllerTimeline timeline) {
        FaultWindows windows = new FaultWindows();
        track.ops().forEach(windows::accept);
        windows.finish(track.endNanos());
        List<FaultSpan> faults = windows.windows().stream().filter(s -> s.completed() && epoch(s) >= 0).toList();
        List<ControllerFailover> out = new ArrayList<>();
        for (int i = 0; i < faults.size(); i++) {
            long until = i + 1 < faults.size() ? faults.get(i + 1).start() : Long.MAX_VALUE;
            out.add(outcome(faults.get(i), until, timeline));
        }
        return out;
    }

    private static ControllerFailover outcome(FaultSpan fault, long until, ControllerTimeline timeline) {
        int epoch = epoch(fault);
        ControllerTimeline.Change after = null;
        int leaderBefore = fault.nodes().size() == 1 ? fault.nodes().iterator().next() : -1;
        for (ControllerTimeline.Change c : timeline.changes()) {
            if (c.timeNanos() <= fault.start() && c.epoch() == epoch) leaderBefore = c.leader();
            if (c.timeNanos() >= fault.start() && c.timeNanos() < until && c.epoch() > epoch) {
                after = c;
                break;
            }
        }
        boolean healedFirst = fault.healed() && (after == null || fault.end() < after.timeNanos());
        return new ControllerFailover(kind(fault), fault.heldAt(), fault.held(), leaderBefore, epoch, after, healedFirst ? fault.end() : -1);
    }

    /**
     * The fault's op, with the topology a partition around the active controller records ({@code partition/controller},
     * {@code partition/controller-voter}), so that cuts that elect and cuts that must not are told apart.
     */
    private static String kind(FaultSpan s) {
        for (JsonNode v : new JsonNode[]{s.value(), s.invokeValue()}) {
            if (v != null && v.hasNonNull("topology")) return s.f() + "/" + v.path("topology").asText();
        }
        return s.f();
    }

    /** The epoch a controller fault records, -1 for any other fault. */
    private static int epoch(FaultSpan s) {
        for (JsonNode v : new JsonNode[]{s.value(), s.invokeValue()}) {
            boolean controller = FaultRole.of(v).map(r -> FaultRole.CONTROLLER.equals(r.kind())).orElse(false);
            JsonNode e = controller ? v.get(FaultRole.EPOCH) : null;
            if (e != null && Json.isInteger(e) && e.canConvertToInt()) return e.asInt();
        }
        return -1;
    }

    /** {@code stats.controller-failovers}: the faults, then the summary over all and per fault kind. */
    public static ObjectNode toJson(List<ControllerFailover> failovers) {
        ObjectNode o = Json.object();
        ArrayNode faults = o.putArray(ControllerFailovers.FAULTS);
        failovers.forEach(c -> faults.add(c.toJson()));
        summary(o, failovers);
        Map<String, List<ControllerFailover>> byFault = new TreeMap<>();
        failovers.forEach(c -> byFault.computeIfAbsent(c.f(), k -> new ArrayList<>()).add(c));
        ObjectNode kinds = o.putObject(ControllerFailovers.BY_FAULT);
        byFault.forEach((f, list) -> summary(kinds.putObject(f), list));
        return o;
    }

    /** Count, median and maximum of the time without a leader, over the faults that caused a failover. */
    private static void summary(ObjectNode o, List<ControllerFailover> faults) {
        long[] t = faults.stream().filter(ControllerFailover::failover).mapToLong(ControllerFailover::leaderlessNanos).sorted().toArray();
        o.put(ControllerFailovers.COUNT, t.length);
        o.put(ControllerFailovers.INJECTED, faults.size());
        if (t.length == 0) {
            o.putNull(ControllerFailovers.MEDIAN_S);
            o.putNull(ControllerFailovers.MAX_S);
            return;
        }
        int n = t.length;
        long median = n % 2 == 1 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
        o.put(ControllerFailovers.MEDIAN_S, AvailabilityChecker.seconds(median));
        o.put(ControllerFailovers.MAX_S, AvailabilityChecker.seconds(t[n - 1]));
    }
}
