package io.kchaos.checker.availability;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * The history's acknowledged sends, send invocations and nemesis ops swept once in time order, however the history
 * orders them, as long as none comes more than {@code slack} ns before the latest time already read: each
 * acknowledged send's time is handed to its series as soon as no earlier time can still come, and then forgotten, so
 * what is held is the last {@code slack} of sends, not the history. When a time comes later than that,
 * {@link #overtaken()} says so and {@link #maxLateness()} is the slack a second sweep needs.
 */
final class AckSweep {
    private final long slack;
    private final TimeOrderBuffer acks = new TimeOrderBuffer();
    private final PriorityQueue<Long> pendingInstants = new PriorityQueue<>();
    private final SweptInstants instants = new SweptInstants();
    private final AckSeries all = new AckSeries(instants);
    private final AckSegments segments = new AckSegments(instants);
    private final Map<Integer, Integer> tags = new TreeMap<>();
    private final List<AckSeries> partitions = new ArrayList<>();
    private long latest = Long.MIN_VALUE;
    private long maxLateness;
    private long firstInvoke = Long.MAX_VALUE;
    private boolean overtaken;

    AckSweep(long slack) {
        this.slack = slack;
    }

    /** A send's invocation: the workload starts at the earliest. */
    void invoked(long t) {
        read(t);
        firstInvoke = Math.min(firstInvoke, t);
        sweep();
    }

    /** An acknowledged send, with its partition or null. */
    void acked(long t, Integer partition) {
        read(t);
        if (overtaken) return;
        acks.add(t, partition == null ? -1 : tags.computeIfAbsent(partition, p -> {
            partitions.add(new AckSeries(instants));
            return partitions.size() - 1;
        }));
        sweep();
    }

    /** An instant at which figures will be asked (a nemesis op's time). */
    void instant(long t) {
        read(t);
        if (overtaken) return;
        pendingInstants.add(t);
        sweep();
    }

    /** Sweeps what is still waiting; call once, after the last op. */
    void finish() {
        if (!overtaken) drain(true);
    }

    boolean overtaken() {
        return overtaken;
    }

    /** The most any time came before the latest time read before it, ns. */
    long maxLateness() {
        return maxLateness;
    }

    AckSeries all() {
        return all;
    }

    AckSegments segments() {
        return segments;
    }

    /** Each partition's series, by partition. */
    Map<Integer, AckSeries> partitions() {
        Map<Integer, AckSeries> byPartition = new TreeMap<>();
        tags.forEach((p, tag) -> byPartition.put(p, partitions.get(tag)));
        return Collections.unmodifiableMap(byPartition);
    }

    private void read(long t) {
        if (t < latest) {
            maxLateness = Math.max(maxLateness, latest - t);
            if (latest - t > slack) overtaken = true;
        }
        latest = Math.max(latest, t);
    }

    private void sweep() {
        if (!overtaken) drain(false);
    }

    /**
     * Hands on, in time order, every send and instant no later time can precede (all of them at the end); a send and
     * an instant at the same time go send first, as a send at an instant counts as at or before it.
     */
    private void drain(boolean everything) {
        while (true) {
            boolean ack = !acks.isEmpty() && (everything || ripe(acks.firstTime()));
            boolean instant = !pendingInstants.isEmpty() && (everything || ripe(pendingInstants.peek()));
            if (ack && (!instant || acks.firstTime() <= pendingInstants.peek())) {
                long t = acks.firstTime();
                int tag = acks.firstTag();
                acks.removeFirst();
                this.all.add(t, firstInvoke);
                segments.add(t);
                if (tag >= 0) partitions.get(tag).add(t, firstInvoke);
            } else if (instant) {
                if (instants.add(pendingInstants.poll())) segments.passed();
            } else {
                return;
            }
        }
    }

    /** True when no time still to come can be at or before {@code t}. */
    private boolean ripe(long t) {
        return latest - t > slack;
    }
}
