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

/**
 * Cuts the drain's stream of records into drain ops of at most {@code maxRecords} records, and decides which op lists
 * each partition's end offset: the op being filled when the consumer's position reaches the end offset (so the op
 * holding the partition's last record), or the first op for a partition that is empty. A partition whose read never
 * completes is listed nowhere. The op that lists a partition's end offset lists its log start offset too. Records at or above their partition's end offset are not part of the drain.
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
    private List<ReadRecord> buffer = new ArrayList<>();
    private SortedMap<Integer, Long> completedHere = new TreeMap<>();
    private boolean finished;

    DrainAssembler(int maxRecords, Sink sink) {
        if (maxRecords < 1) throw new IllegalArgumentException("maxRecords must be at least 1");
        this.maxRecords = maxRecords;
        this.sink = sink;
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
        if (buffer.size() >= maxRecords) emit(false);
        buffer.add(r);
        return true;
    }

    /** Tells the consumer's position in a partition; at or beyond its end offset the partition's read is complete. */
    void positionReached(int partition, long position) {
        checkOpen();
        Long end = ends.get(partition);
        if (end != null && position >= end && incomplete.remove(partition)) completedHere.put(partition, end);
    }

    /** Partitions whose read has not completed yet, ascending. */
    SortedSet<Integer> incomplete() {
        return Collections.unmodifiableSortedSet(incomplete);
    }

    /** Emits the final op (possibly with no records). */
    void finish() {
        checkOpen();
        emit(true);
        finished = true;
    }

    private void emit(boolean last) {
        SortedMap<Integer, Long> startsHere = new TreeMap<>();
        completedHere.keySet().forEach(p -> startsHere.put(p, starts.getOrDefault(p, 0L)));
        sink.accept(new DrainChunk(List.copyOf(buffer), Collections.unmodifiableSortedMap(completedHere),
                Collections.unmodifiableSortedMap(startsHere)), last);
        buffer = new ArrayList<>();
        completedHere = new TreeMap<>();
    }

    private void checkOpen() {
        if (finished) throw new IllegalStateException("drain already finished");
    }
}
