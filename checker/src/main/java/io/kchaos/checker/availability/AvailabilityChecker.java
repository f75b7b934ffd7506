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
import io.kchaos.history.Op;
import io.kchaos.checker.result.CheckResult;

import java.util.Map;

/**
 * How long writes were unavailable around each fault, from the history alone: for every fault window (kill, pause,
 * partition, slow, ...; paired by {@link FaultWindows}) with its target, the seconds from the instant the fault held
 * ({@link FaultSpan#heldAt()}: its {@code ok} completion) to the next acknowledged send (overall and per partition),
 * and from its heal to the first
 * acknowledged send after it; the longest stretch of the workload with no acknowledged send, overall and per partition;
 * and the acknowledged sends per second. Adds {@code stats.availability}; never reports an anomaly (unavailability is
 * not unsafety). A fault the nemesis did not see hold is named in a warning. The acknowledged sends are swept in time
 * order ({@link AckSweep}) and not kept, so the checker holds about a second of them however long the history.
 */
public final class AvailabilityChecker implements Checker {
    private static final double NANOS = 1e9;
    /** How far out of time order the history may be read in one pass (a history kchaos wrote is in time order). */
    private static final long SLACK_NANOS = 1_000_000_000L;

    @Override
    public String name() {
        return "availability";
    }

    @Override
    public CheckResult check(History history) {
        Pass first = Pass.read(history, SLACK_NANOS);
        Pass pass = first.sweep.overtaken() ? Pass.read(history, first.sweep.maxLateness()) : first; // far out of time order
        AckSweep acks = pass.sweep;
        Map<Integer, AckSeries> byPartition = acks.partitions();
        CheckResult r = new CheckResult();
        ObjectNode a = r.stats().putObject(ResultsFields.Stats.AVAILABILITY);
        ArrayNode list = a.putArray(ResultsFields.Availability.FAULTS);
        for (FaultSpan fault : pass.faults.windows()) {
            if (!fault.completed()) continue; // a fault op with no completion: the nemesis never finished starting it
            list.add(fault.isEvent() ? describeEvent(fault, acks, byPartition) : describe(fault, acks.all(), byPartition));
            if (fault.notHeld()) {
                r.warn("fault " + fault.number() + " (" + fault.f() + " at " + seconds(fault.start()) + " s) was not seen to hold: "
                        + (fault.error() != null ? fault.error() : "no detail") + "; its figures are measured from its invocation");
            }
        }
        AckSeries oks = acks.all();
        longestGap(a, oks, pass.window[0], pass.window[1]);
        if (oks.size() > 1 && oks.last() > pass.window[0]) {
            a.put(ResultsFields.Availability.OK_SENDS_PER_S, Math.round(oks.size() / ((oks.last() - pass.window[0]) / NANOS) * 10) / 10.0);
        }
        ObjectNode partitions = a.putObject(ResultsFields.Availability.PARTITIONS);
        byPartition.forEach((p, times) -> longestGap(partitions.putObject(p.toString()), times, pass.window[0], pass.window[1]));
        return r;
    }

    /**
     * One read of the history: its fault windows (those still open end at the latest time read), the workload's span
     * (first send invoked, last send completed), and the acknowledged sends swept in time order.
     */
    private record Pass(FaultWindows faults, long[] window, AckSweep sweep) {
        static Pass read(History history, long slack) {
            Pass pass = new Pass(new FaultWindows(), new long[]{Long.MAX_VALUE, Long.MIN_VALUE}, new AckSweep(slack));
            long[] last = {0};
            history.forEach(op -> {
                last[0] = Math.max(last[0], op.time());
                if (op.isNemesis()) {
                    pass.faults.accept(op);
                    pass.sweep.instant(op.time());
                } else if (ClientOps.SEND.equals(op.f())) {
                    pass.accept(op);
                }
            });
            pass.faults.finish(last[0]);
            pass.sweep.finish();
            return pass;
        }

        private void accept(Op op) {
            if (op.isInvoke()) {
                window[0] = Math.min(window[0], op.time());
                sweep.invoked(op.time());
                return;
            }
            window[1] = Math.max(window[1], op.time());
            if (op.isOk()) {
                JsonNode p = op.value().get("partition");
                sweep.acked(op.time(), Json.isInteger(p) && p.canConvertToInt() ? p.asInt() : null);
            }
        }
    }

    private static ObjectNode describe(FaultSpan fault, AckSeries oks, Map<Integer, AckSeries> byPartition) {
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
    private static ObjectNode describeEvent(FaultSpan event, AckSweep acks, Map<Integer, AckSeries> byPartition) {
        ObjectNode o = describe(event, acks.all(), byPartition);
        o.put(ResultsFields.Availability.SECONDS, seconds(event.end() - event.start()));
        o.put(ResultsFields.Availability.ACKS_DURING, acks.segments().countBetween(event.start(), event.end()));
        o.put(ResultsFields.Availability.LONGEST_NO_OK_SEND_DURING_S, seconds(acks.segments().longestGap(event.start(), event.end())));
        return o;
    }

    /** Seconds from {@code t} to the first acknowledged send after it, or null if none came. */
    private static void putSince(ObjectNode o, String key, long t, AckSeries oks) {
        long next = oks.firstAfter(t);
        if (next < 0) o.putNull(key);
        else o.put(key, seconds(next - t));
    }

    /** The longest stretch of the workload (first send invoked .. last send completed) with no acknowledged send. */
    private static void longestGap(ObjectNode a, AckSeries oks, long from, long to) {
        AckSeries.Gap gap = oks.longestGap(from, to);
        if (gap == null) {
            a.putNull(ResultsFields.Availability.LONGEST_NO_OK_SEND_S);
            return;
        }
        a.put(ResultsFields.Availability.LONGEST_NO_OK_SEND_S, seconds(gap.nanos()));
        a.put(ResultsFields.Availability.LONGEST_NO_OK_SEND_FROM_S, seconds(gap.from()));
    }

    /** Nanoseconds as seconds to the millisecond, as results.json gives every time of a fault. */
    static double seconds(long nanos) {
        return Math.round(nanos / NANOS * 1000) / 1000.0;
    }
}
