package io.kchaos.workload.common;

import io.kchaos.workload.ReadRecord;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * Cuts the drain's stream of records into drain ops of at most {@code maxRecords} records, and decides which op lists
 * each partition's end offset: the op being filled when the consumer's position reaches the end offset (so the op
 * holding the partition's last record), or the first op for a partition that is empty. A partition whose read never
 * completes is listed nowhere in end-offsets: the final op tells where its read stopped instead ({@link DrainStop}).
 * The op that lists a partition's end offset lists its log start offset too (the highest the drain saw). Records at or above their partition's
 * end offset are not part of the drain.
 */
final class DrainAssembler {
    /** Receives each op's value; {@code last} is true for the final one. */
    interface Sink {
        void accept(DrainChunk chunk, boolean last);
    }

    private final int maxRecords;
    private final Sink sink;
    private final Map<Integer, Long> ends = new HashMap<>();
    private final Map<Integer, Long> starts = new HashMap<>();
    private final SortedSet<Integer> incomplete = new TreeSet<>();
    private final Map<Integer, Long> positions = new HashMap<>();
    private final Map<Integer, Long> movedAt = new HashMap<>();
    private final LongSupplier nanoClock;
    private List<ReadRecord> buffer = new ArrayList<>();
    private SortedMap<Integer, Long> completedHere = new TreeMap<>();
    private boolean finished;

    DrainAssembler(int maxRecords, Sink sink) {
        this(maxRecords, sink, System::nanoTime);
    }

    /** @param nanoClock tells when a partition's position last moved (its stall, {@link DrainStop#stalledMs}) */
    DrainAssembler(int maxRecords, Sink sink, LongSupplier nanoClock) {
        if (maxRecords < 1) throw new IllegalArgumentException("maxRecords must be at least 1");
        this.maxRecords = maxRecords;
        this.sink = sink;
        this.nanoClock = nanoClock;
    }

    /** Sets the partitions' start (log start) and end offsets; an empty partition is complete at once. */
    void begin(Map<Integer, Long> startOffsets, Map<Integer, Long> endOffsets) {
        ends.putAll(endOffsets);
        starts.putAll(startOffsets);
        incomplete.addAll(endOffsets.keySet());
        for (Map.Entry<Integer, Long> e : endOffsets.entrySet()) {
            positionReached(e.getKey(), startOffsets.getOrDefault(e.getKey(), 0L));
        }
    }

    /** Adds a record read by the drain consumer; returns false when it lies outside the drain (ignored). */
    boolean add(ReadRecord r) {
        checkOpen();
        Long end = ends.get(r.partition());
        if (end == null || r.offset() >= end || !incomplete.contains(r.partition())) return false;
        if (buffer.size() >= maxRecords) emit(false, Collections.emptySortedMap());
        buffer.add(r);
        return true;
    }

    /**
     * The partition's log start moved past the read's position (retention deleted records while the drain read): the
     * op that completes it reports this start, so what lies below is judged as deleted, not as unread.
     */
    void logStartMoved(int partition, long start) {
        checkOpen();
        starts.merge(partition, start, Math::max);
        positionReached(partition, start);
    }

    /** Tells the consumer's position in a partition; at or beyond its end offset the partition's read is complete. */
    void positionReached(int partition, long position) {
        checkOpen();
        Long before = positions.get(partition);
        if (before == null || position > before) {
            positions.put(partition, position);
            movedAt.put(partition, nanoClock.getAsLong());
        }
        Long end = ends.get(partition);
        if (end != null && position >= end && incomplete.remove(partition)) completedHere.put(partition, end);
    }

    /** Partitions whose read has not completed yet, ascending. */
    SortedSet<Integer> incomplete() {
        return Collections.unmodifiableSortedSet(incomplete);
    }

    /** Emits the final op (possibly with no records), with no error or leader known for the unfinished partitions. */
    void finish() {
        finish(Map.of(), Map.of());
    }

    /**
     * Emits the final op (possibly with no records), telling where each incomplete partition's read stopped.
     *
     * @param errors  the error that stopped a partition's read, by partition (none: no such error)
     * @param leaders each partition's leader when the drain ended, {@link DrainStop#NO_LEADER} for none (none: unknown)
     */
    void finish(Map<Integer, String> errors, Map<Integer, Integer> leaders) {
        checkOpen();
        long now = nanoClock.getAsLong();
        SortedMap<Integer, DrainStop> unfinished = new TreeMap<>();
        for (int p : incomplete) {
            long stalledMs = (now - movedAt.getOrDefault(p, now)) / 1_000_000;
            unfinished.put(p, new DrainStop(positions.getOrDefault(p, starts.getOrDefault(p, 0L)), ends.get(p), errors.get(p),
                    stalledMs, leaders.getOrDefault(p, DrainStop.LEADER_UNKNOWN)));
        }
        emit(true, Collections.unmodifiableSortedMap(unfinished));
        finished = true;
    }

    private void emit(boolean last, SortedMap<Integer, DrainStop> unfinished) {
        SortedMap<Integer, Long> startsHere = new TreeMap<>();
        completedHere.keySet().forEach(p -> startsHere.put(p, starts.getOrDefault(p, 0L)));
        sink.accept(new DrainChunk(List.copyOf(buffer), Collections.unmodifiableSortedMap(completedHere),
                Collections.unmodifiableSortedMap(startsHere), unfinished), last);
        buffer = new ArrayList<>();
        completedHere = new TreeMap<>();
    }

    private void checkOpen() {
        if (finished) throw new IllegalStateException("drain already finished");
    }
}
