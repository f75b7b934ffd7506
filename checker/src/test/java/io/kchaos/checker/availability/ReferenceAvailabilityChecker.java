package io.kchaos.checker.availability;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.Checker;
import io.kchaos.history.ClientOps;
import io.kchaos.history.FaultSpan;
import io.kchaos.history.FaultWindows;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.checker.result.CheckResult;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The availability checker as it was before issue 41 (every acknowledged send's time kept in memory), kept verbatim
 * as the reference {@link AvailabilityChecker} must equal byte for byte on every history.
 */
public final class ReferenceAvailabilityChecker implements Checker {
    private static final double NANOS = 1e9;

    @Override
    public String name() {
        return "availability";
    }

    @Override
    public CheckResult check(History history) {
        OkTimes oks = new OkTimes();
        Map<Integer, OkTimes> byPartition = new TreeMap<>();
        FaultWindows faults = new FaultWindows();
        long[] window = {Long.MAX_VALUE, Long.MIN_VALUE};
        long[] last = {0};
        history.forEach(op -> {
            last[0] = Math.max(last[0], op.time());
            if (op.isNemesis()) {
                faults.accept(op);
            } else if (ClientOps.SEND.equals(op.f())) {
                if (op.isInvoke()) window[0] = Math.min(window[0], op.time());
                else window[1] = Math.max(window[1], op.time());
                if (op.isOk()) {
                    oks.add(op.time());
                    JsonNode p = op.value().get("partition");
                    if (Json.isInteger(p) && p.canConvertToInt()) byPartition.computeIfAbsent(p.asInt(), k -> new OkTimes()).add(op.time());
                }
            }
        });
        faults.finish(last[0]);
        CheckResult r = new CheckResult();
        ObjectNode a = r.stats().putObject(ResultsFields.Stats.AVAILABILITY);
        ArrayNode list = a.putArray(ResultsFields.Availability.FAULTS);
        for (FaultSpan fault : faults.windows()) {
            if (!fault.completed()) continue; // a fault op with no completion: the nemesis never finished starting it
            list.add(fault.isEvent() ? describeEvent(fault, oks, byPartition) : describe(fault, oks, byPartition));
            if (fault.notHeld()) {
                r.warn("fault " + fault.number() + " (" + fault.f() + " at " + seconds(fault.start()) + " s) was not seen to hold: "
                        + (fault.error() != null ? fault.error() : "no detail") + "; its figures are measured from its invocation");
            }
        }
        longestGap(a, oks, window[0], window[1]);
        if (oks.size() > 1 && oks.last() > window[0]) {
            a.put(ResultsFields.Availability.OK_SENDS_PER_S, Math.round(oks.size() / ((oks.last() - window[0]) / NANOS) * 10) / 10.0);
        }
        ObjectNode partitions = a.putObject(ResultsFields.Availability.PARTITIONS);
        byPartition.forEach((p, times) -> longestGap(partitions.putObject(p.toString()), times, window[0], window[1]));
        return r;
    }

    private static ObjectNode describe(FaultSpan fault, OkTimes oks, Map<Integer, OkTimes> byPartition) {
        ObjectNode o = Json.object();
        o.put(ResultsFields.Availability.F, fault.f());
        long from = fault.isEvent() ? fault.start() : fault.heldAt(); // a one-off action is measured from its start
        o.put(ResultsFields.Availability.TIME_S, seconds(from));
        o.put(ResultsFields.Availability.INVOKED_S, seconds(fault.start()));
        o.put(ResultsFields.Availability.HELD, fault.held());
        o.set(ResultsFields.Availability.VALUE, fault.value() != null && fault.value().isObject() ? fault.value() : null);
        if (fault.error() != null) o.put(ResultsFields.Availability.ERROR, fault.error());
        putSince(o, ResultsFields.Availability.TO_NEXT_OK_SEND_S, from, oks);
        ObjectNode perPartition = o.putObject(ResultsFields.Availability.TO_NEXT_OK_SEND_BY_PARTITION_S);
        byPartition.forEach((p, times) -> putSince(perPartition, p.toString(), from, times));
        if (fault.healed()) {
            o.put(ResultsFields.Availability.HEAL, fault.healedBy());
            o.put(ResultsFields.Availability.HEAL_TIME_S, seconds(fault.end()));
            putSince(o, ResultsFields.Availability.HEAL_TO_NEXT_OK_SEND_S, fault.end(), oks);
        } else {
            o.putNull(ResultsFields.Availability.HEAL);
        }
        return o;
    }

    /**
     * A one-off action that lasts (an upgrade step): from its invocation to its completion, which is its own heal;
     * also the acknowledged sends while it lasted and its longest stretch without one (a node restart's unavailability).
     */
    private static ObjectNode describeEvent(FaultSpan event, OkTimes oks, Map<Integer, OkTimes> byPartition) {
        ObjectNode o = describe(event, oks, byPartition);
        o.put(ResultsFields.Availability.SECONDS, seconds(event.end() - event.start()));
        o.put(ResultsFields.Availability.ACKS_DURING, oks.countBetween(event.start(), event.end()));
        o.put(ResultsFields.Availability.LONGEST_NO_OK_SEND_DURING_S, seconds(oks.longestGap(event.start(), event.end())));
        return o;
    }

    /** Seconds from {@code t} to the first acknowledged send after it, or null if none came. */
    private static void putSince(ObjectNode o, String key, long t, OkTimes oks) {
        long next = oks.firstAfter(t);
        if (next < 0) o.putNull(key);
        else o.put(key, seconds(next - t));
    }

    /** The longest stretch of the workload (first send invoked .. last send completed) with no acknowledged send. */
    private static void longestGap(ObjectNode a, OkTimes oks, long from, long to) {
        if (from > to) {
            a.putNull(ResultsFields.Availability.LONGEST_NO_OK_SEND_S);
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
        a.put(ResultsFields.Availability.LONGEST_NO_OK_SEND_S, seconds(best));
        a.put(ResultsFields.Availability.LONGEST_NO_OK_SEND_FROM_S, seconds(bestFrom));
    }

    /** Nanoseconds as seconds to the millisecond, as results.json gives every time of a fault. */
    static double seconds(long nanos) {
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
