package io.kchaos.checker.availability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.Checker;
import io.kchaos.history.ClientOps;
import io.kchaos.history.FaultOp;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.checker.result.CheckResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How long writes were unavailable around each fault, from the history alone: for every nemesis fault op (kill, pause,
 * partition, slow, ...) with its target, the seconds from the fault taking effect (its completion) to the next
 * acknowledged send (overall and per partition), and from its heal (the first later op that heals it on an
 * overlapping node, by the pairing {@link NemesisOps} declares) to the first acknowledged send after it; the longest stretch of the workload with no acknowledged
 * send, overall and per partition; and the acknowledged sends per second. Adds {@code stats.availability}; never
 * reports an anomaly (unavailability is not unsafety).
 */
public final class AvailabilityChecker implements Checker {
    private static final double NANOS = 1e9;

    @Override
    public String name() {
        return "availability";
    }

    /**
     * A nemesis action as completed: its f, when it took effect, its target, and its error if it failed; a one-off
     * action (an upgrade step) took effect at its invocation and ends at its completion ({@code end}, else -1).
     */
    private record Action(String f, long time, ObjectNode value, String error, long end) {
    }

    @Override
    public CheckResult check(History history) {
        OkTimes oks = new OkTimes();
        Map<Integer, OkTimes> byPartition = new TreeMap<>();
        List<Action> actions = new ArrayList<>();
        Map<String, Long> eventStarts = new HashMap<>();
        long[] window = {Long.MAX_VALUE, Long.MIN_VALUE};
        history.forEach(op -> {
            if (op.isNemesis() && !NemesisOps.isNote(op.f())) {
                ObjectNode value = op.value().isObject() ? (ObjectNode) op.value() : null;
                boolean event = isEvent(op.f());
                if (op.isInvoke()) {
                    if (event) eventStarts.put(op.f(), op.time());
                } else if (event) {
                    actions.add(new Action(op.f(), eventStarts.getOrDefault(op.f(), op.time()), value, op.error(), op.time()));
                } else {
                    actions.add(new Action(op.f(), op.time(), value, op.error(), -1));
                }
            } else if (ClientOps.SEND.equals(op.f())) {
                if (op.isInvoke()) window[0] = Math.min(window[0], op.time());
                else window[1] = Math.max(window[1], op.time());
                if (op.isOk()) {
                    oks.add(op.time());
                    JsonNode p = op.value().get("partition");
                    if (p != null && p.canConvertToInt()) byPartition.computeIfAbsent(p.asInt(), k -> new OkTimes()).add(op.time());
                }
            }
        });
        CheckResult r = new CheckResult();
        ObjectNode a = r.stats().putObject("availability");
        ArrayNode faults = a.putArray("faults");
        for (int i = 0; i < actions.size(); i++) {
            Action fault = actions.get(i);
            if (NemesisOps.isHeal(fault.f())) continue;
            if (fault.end() >= 0) {
                faults.add(describeEvent(fault, oks, byPartition));
                continue;
            }
            faults.add(describe(fault, healOf(fault, actions.subList(i + 1, actions.size())), oks, byPartition));
        }
        longestGap(a, oks, window[0], window[1]);
        if (oks.size() > 1 && oks.last() > window[0]) {
            a.put("ok-sends-per-s", Math.round(oks.size() / ((oks.last() - window[0]) / NANOS) * 10) / 10.0);
        }
        ObjectNode partitions = a.putObject("partitions");
        byPartition.forEach((p, times) -> longestGap(partitions.putObject(p.toString()), times, window[0], window[1]));
        return r;
    }

    private static ObjectNode describe(Action fault, Action heal, OkTimes oks, Map<Integer, OkTimes> byPartition) {
        ObjectNode o = Json.object();
        o.put("f", fault.f());
        o.put("time-s", seconds(fault.time()));
        o.set("value", fault.value());
        if (fault.error() != null) o.put("error", fault.error());
        putSince(o, "to-next-ok-send-s", fault.time(), oks);
        ObjectNode perPartition = o.putObject("to-next-ok-send-by-partition-s");
        byPartition.forEach((p, times) -> putSince(perPartition, p.toString(), fault.time(), times));
        if (heal != null) {
            o.put("heal", heal.f());
            o.put("heal-time-s", seconds(heal.time()));
            putSince(o, "heal-to-next-ok-send-s", heal.time(), oks);
        } else {
            o.putNull("heal");
        }
        return o;
    }

    /**
     * A one-off action that lasts (an upgrade step): from its invocation to its completion, which is its own heal;
     * also the acknowledged sends while it lasted and its longest stretch without one (a node restart's unavailability).
     */
    private static ObjectNode describeEvent(Action event, OkTimes oks, Map<Integer, OkTimes> byPartition) {
        ObjectNode o = describe(event, new Action(event.f(), event.end(), event.value(), null, -1), oks, byPartition);
        o.put("seconds", seconds(event.end() - event.time()));
        o.put("acks-during", oks.countBetween(event.time(), event.end()));
        o.put("longest-no-ok-send-during-s", seconds(oks.longestGap(event.time(), event.end())));
        return o;
    }

    private static boolean isEvent(String f) {
        return NemesisOps.lookup(f).map(FaultOp::isEvent).orElse(false);
    }

    /** Seconds from {@code t} to the first acknowledged send after it, or null if none came. */
    private static void putSince(ObjectNode o, String key, long t, OkTimes oks) {
        long next = oks.firstAfter(t);
        if (next < 0) o.putNull(key);
        else o.put(key, seconds(next - t));
    }

    /**
     * The first later op that heals the fault ({@link NemesisOps}) on an overlapping node (either naming none counts
     * as overlap); null when nothing healed it, and for a one-off action, which needs no heal.
     */
    private static Action healOf(Action fault, List<Action> later) {
        if (isEvent(fault.f())) return null;
        Set<Integer> nodes = NemesisOps.nodes(fault.value());
        for (Action h : later) {
            if (!NemesisOps.heals(h.f(), fault.f())) continue;
            Set<Integer> healed = NemesisOps.nodes(h.value());
            if (nodes.isEmpty() || healed.isEmpty() || !Collections.disjoint(nodes, healed)) return h;
        }
        return null;
    }

    /** The longest stretch of the workload (first send invoked .. last send completed) with no acknowledged send. */
    private static void longestGap(ObjectNode a, OkTimes oks, long from, long to) {
        if (from > to) {
            a.putNull("longest-no-ok-send-s");
            return;
        }
        long best = -1;
        long bestFrom = from;
        long prev = from;
        for (int i = 0; i <= oks.size(); i++) {
            long t = i < oks.size() ? oks.get(i) : to;
            if (t - prev > best) {
                best = t - prev;
                bestFrom = prev;
            }
            prev = Math.max(prev, t);
        }
        a.put("longest-no-ok-send-s", seconds(best));
        a.put("longest-no-ok-send-from-s", seconds(bestFrom));
    }

    private static double seconds(long nanos) {
        return Math.round(nanos / NANOS * 1000) / 1000.0;
    }

    /** Times of acknowledged sends, in history order (which is time order), searchable by time. */
    private static final class OkTimes {
        private long[] times = new long[1024];
        private int size;
        private boolean sorted = true;

        void add(long t) {
            if (size == times.length) times = Arrays.copyOf(times, size + (size >> 1));
            if (size > 0 && t < times[size - 1]) sorted = false;
            times[size++] = t;
        }

        int size() {
            return size;
        }

        long last() {
            sortOnce();
            return times[size - 1];
        }

        long get(int i) {
            sortOnce();
            return times[i];
        }

        /** The first time strictly after {@code t}, or -1. */
        long firstAfter(long t) {
            int lo = index(t);
            return lo < size ? times[lo] : -1;
        }

        /** How many times fall in (from, to]. */
        int countBetween(long from, long to) {
            return index(to) - index(from);
        }

        /** The longest stretch of (from, to) with no time in it. */
        long longestGap(long from, long to) {
            long best = 0;
            long prev = from;
            for (int i = index(from); i < size && times[i] <= to; i++) {
                best = Math.max(best, times[i] - prev);
                prev = times[i];
            }
            return Math.max(best, to - prev);
        }

        /** The number of times at or before {@code t}. */
        private int index(long t) {
            sortOnce();
            int lo = 0;
            int hi = size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (times[mid] <= t) lo = mid + 1;
                else hi = mid;
            }
            return lo;
        }

        private void sortOnce() {
            if (!sorted) {
                Arrays.sort(times, 0, size);
                sorted = true;
            }
        }
    }
}
