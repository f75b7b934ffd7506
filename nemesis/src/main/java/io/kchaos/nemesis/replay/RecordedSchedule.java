package io.kchaos.nemesis.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.FaultRole;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * A run's fault schedule as its history recorded it: the nemesis ops to do again, each at its time since the run's
 * start, grouped into numbered faults (the ops whose windows overlap, e.g. a pause of the followers, the kill of their
 * leader, the resume and the restart). Heals point at the fault ops they healed, so a replay heals the nodes its own
 * fault ops hit.
 *
 * @param steps every op to replay, in time order
 * @param notes what the reader had to assume (one line each), e.g. ops recorded without a role
 */
public record RecordedSchedule(List<Step> steps, List<String> notes) {

    /**
     * One nemesis op to replay.
     *
     * @param id      position in {@link #steps()}
     * @param fault   the 1-based fault it belongs to
     * @param time    its invocation, ns since the run's start
     * @param f       the op ({@code kill}, {@code pause}, {@code start}, ...)
     * @param value   the recorded value (role, nodes, details)
     * @param nodes   the node ids the original op hit (the fallback when no role was recorded)
     * @param heals   for a heal: the ids of the fault steps it healed; empty for a fault op
     * @param index   its invocation's index in the original history
     */
    public record Step(int id, int fault, long time, String f, JsonNode value, Set<Integer> nodes, List<Integer> heals, long index) {
        public boolean isHeal() {
            return !heals.isEmpty();
        }

        /** The role the op was aimed at, if the history says. */
        public Optional<FaultRole> role() {
            return FaultRole.of(value);
        }

        /** For a person: "kill the leader of partition 1", "pause nodes [2, 3] (no role recorded)", "start (heals kill)". */
        public String describe() {
            if (isHeal()) return f;
            return f + " " + role().map(FaultRole::describe).orElse("nodes " + nodes + " (no role recorded)");
        }
    }

    public RecordedSchedule {
        steps = List.copyOf(steps);
        notes = List.copyOf(notes);
    }

    /** The fault numbers, 1..n. */
    public Set<Integer> faults() {
        Set<Integer> out = new TreeSet<>();
        steps.forEach(s -> out.add(s.fault()));
        return out;
    }

    /** The schedule with only these faults (by number), renumbered steps; heals keep pointing at the kept fault ops. */
    public RecordedSchedule keep(Set<Integer> faults) {
        Set<Integer> unknown = new TreeSet<>(faults);
        unknown.removeAll(faults());
        if (!unknown.isEmpty()) throw new IllegalArgumentException("the schedule has no fault " + unknown + "; its faults are " + faults());
        List<Step> kept = new ArrayList<>();
        int[] newId = new int[steps.size()];
        for (Step s : steps) {
            newId[s.id()] = -1;
            if (!s.isHeal() && !faults.contains(s.fault())) continue;
            List<Integer> heals = s.heals().stream().filter(h -> newId[h] >= 0).map(h -> newId[h]).toList();
            if (s.isHeal() && heals.isEmpty()) continue;
            int fault = s.isHeal() ? kept.get(heals.get(heals.size() - 1)).fault() : s.fault();
            newId[s.id()] = kept.size();
            kept.add(new Step(kept.size(), fault, s.time(), s.f(), s.value(), s.nodes(), heals, s.index()));
        }
        return new RecordedSchedule(kept, notes);
    }

    /** One line per fault: "#2 at 12.3 s: pause the followers of partition 1; kill the leader of partition 1; resume; start". */
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        for (int fault : faults()) {
            StringJoiner ops = new StringJoiner("; ");
            long start = -1;
            for (Step s : steps) {
                if (s.fault() != fault) continue;
                if (start < 0) start = s.time();
                ops.add(s.describe() + " @" + seconds(s.time()));
            }
            out.add("#" + fault + " at " + seconds(start) + " s: " + ops);
        }
        return out;
    }

    /** The distinct ops of the schedule, e.g. [kill, pause, resume, start]. */
    public Set<String> ops() {
        Set<String> out = new LinkedHashSet<>();
        steps.forEach(s -> out.add(s.f()));
        return out;
    }

    static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1e9);
    }
}
