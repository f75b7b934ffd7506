package io.kchaos.checker.queue;

import java.util.HashMap;
import java.util.Map;

/**
 * What the history tells about one partition's log: the value each offset was first seen to hold (by an
 * acknowledgement or a read) and where, which offsets are known to hold a record, the highest offset read, and the
 * end offset of a complete drain if there was one, and the log start offset that drain began at; or, when the drain
 * did not read it completely, how far it read and where it recorded stopping. An offset maps to the {@link ValueTable}
 * id of the value first seen there, and the history index of that first sight is the one the value table holds for
 * the value at that position (its acknowledgement's, else its first read's there), except where it is not (a second
 * acknowledgement, a read before the acknowledgement), which is then kept aside.
 */
final class PartitionLog {
    private final int partition;
    private final ValueTable values;
    private final LongIntMap idByOffset = new LongIntMap(1024);
    private final OffsetSet known = new OffsetSet();
    /** The first index of each offset whose first sight is not what {@link ValueTable#firstIndexAt} says. */
    private final Map<Long, Long> firstIndexes = new HashMap<>();
    private long maxReadOffset = -1;
    private long maxReadIndex = -1;
    private long drainEndOffset = -1;
    private long drainIndex = -1;
    private long drainStartOffset = 0;
    private long drainStartIndex = -1;
    private long drainStartTime = -1;
    private long maxDrainReadOffset = -1;
    private DrainStop drainStop;

    PartitionLog(int partition, ValueTable values) {
        this.partition = partition;
        this.values = values;
    }

    int partition() {
        return partition;
    }

    /**
     * Records that offset holds the value of id, as seen at history index, once the value table has recorded that
     * sight; the first claim of an offset is kept. {@code ackRecorded}: the sight is the value's acknowledgement, which
     * the value table took as its first (and now tells the first index at its position from). Returns the id first seen
     * at offset, which differs from id when the claim contradicts an earlier one.
     */
    int claim(long offset, int id, long index, boolean ackRecorded) {
        int before = idByOffset.size();
        int held = idByOffset.putIfAbsent(offset, id);
        if (idByOffset.size() > before) {
            known.add(offset);
            if (values.firstIndexAt(id, partition, offset) != index) firstIndexes.put(offset, index);
        } else if (held == id && ackRecorded && !firstIndexes.containsKey(offset)) {
            // the value was read here before this acknowledgement, which the value table now names instead
            long read = values.readIndexAt(id, partition, offset);
            if (read != index) firstIndexes.put(offset, read);
        }
        return held;
    }

    /** The id of the value first seen at offset, or {@link LongIntMap#ABSENT} when nothing is known there. */
    int idAt(long offset) {
        return idByOffset.get(offset);
    }

    /** The history index where offset, which the value of {@code id} was first seen to hold ({@link #idAt}), was first seen. */
    long firstIndexAt(long offset, int id) {
        Long aside = firstIndexes.isEmpty() ? null : firstIndexes.get(offset);
        return aside != null ? aside : values.firstIndexAt(id, partition, offset);
    }

    /** The smallest offset strictly between a and b known to hold a record, or -1. */
    long knownBetween(long a, long b) {
        return known.firstBetween(a, b);
    }

    /** The smallest offset at or above from known to hold a record, or -1. */
    long knownAtOrAbove(long from) {
        return known.nextAtOrAbove(from);
    }

    void read(long offset, long index) {
        if (offset > maxReadOffset) {
            maxReadOffset = offset;
            maxReadIndex = index;
        }
    }

    /** A drain read offset. */
    void drainRead(long offset) {
        maxDrainReadOffset = Math.max(maxDrainReadOffset, offset);
    }

    /** A drain op recorded where its read of this partition stopped short of the end. */
    void drainStopped(DrainStop stop) {
        drainStop = stop;
    }

    /**
     * Where the drain stopped in this partition when it did not read it completely: as recorded, else just past the
     * highest offset it read (why unknown); null when the partition was drained completely.
     */
    DrainStop drainStop() {
        if (isDrained()) return null;
        return drainStop != null ? drainStop : DrainStop.unrecorded(partition, maxDrainReadOffset + 1);
    }

    void drained(long endOffset, long index) {
        if (endOffset > drainEndOffset) {
            drainEndOffset = endOffset;
            drainIndex = index;
        }
    }

    /**
     * The log start offset a drain began reading at, reported by the op at history index and time; retention deleted
     * what lies below it. The highest is kept, with the first op that reported it.
     */
    void drainStarted(long startOffset, long index, long time) {
        if (startOffset > drainStartOffset) {
            drainStartOffset = startOffset;
            drainStartIndex = index;
            drainStartTime = time;
        }
    }

    long drainStartOffset() {
        return drainStartOffset;
    }

    /** The history index of the op that reported {@link #drainStartOffset}, or -1 when none reported one above 0. */
    long drainStartIndex() {
        return drainStartIndex;
    }

    /** The time of that op: the log start offset had reached {@link #drainStartOffset} by then. */
    long drainStartTime() {
        return drainStartTime;
    }

    boolean isDrained() {
        return drainIndex >= 0;
    }

    long drainEndOffset() {
        return drainEndOffset;
    }

    long drainIndex() {
        return drainIndex;
    }

    /** The highest offset read from this partition, or -1. */
    long maxReadOffset() {
        return maxReadOffset;
    }

    long maxReadIndex() {
        return maxReadIndex;
    }
}
