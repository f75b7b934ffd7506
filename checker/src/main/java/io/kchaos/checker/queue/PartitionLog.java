package io.kchaos.checker.queue;

/**
 * What the history tells about one partition's log: the value each offset was first seen to hold (by an
 * acknowledgement or a read) and where, which offsets are known to hold a record, the highest offset read, and the
 * end offset of a complete drain if there was one, and the log start offset that drain began at; or, when the drain
 * did not read it completely, how far it read and where it recorded stopping.
 */
final class PartitionLog {
    private final int partition;
    private final LongIntMap slotByOffset = new LongIntMap(1024);
    private final OffsetSet known = new OffsetSet();
    private final LongColumn values = new LongColumn(1024);
    private final LongColumn firstIndexes = new LongColumn(1024);
    private long maxReadOffset = -1;
    private long maxReadIndex = -1;
    private long drainEndOffset = -1;
    private long drainIndex = -1;
    private long drainStartOffset = 0;
    private long drainStartIndex = -1;
    private long drainStartTime = -1;
    private long maxDrainReadOffset = -1;
    private DrainStop drainStop;

    PartitionLog(int partition) {
        this.partition = partition;
    }

    int partition() {
        return partition;
    }

    /**
     * Records that offset holds value, as seen at history index; the first claim of an offset is kept. Returns the
     * slot of the offset, whose {@link #valueAt} differs from value when the claim contradicts an earlier one.
     */
    int claim(long offset, long value, long index) {
        int fresh = slotByOffset.size();
        int slot = slotByOffset.putIfAbsent(offset, fresh);
        if (slot == fresh) {
            if (slot == values.capacity()) {
                values.growTo(slot + 1);
                firstIndexes.growTo(slot + 1);
            }
            values.set(slot, value);
            firstIndexes.set(slot, index);
            values.packBehind(slot + 1);
            firstIndexes.packBehind(slot + 1);
            known.add(offset);
        }
        return slot;
    }

    long valueAt(int slot) {
        return values.get(slot);
    }

    long firstIndexAt(int slot) {
        return firstIndexes.get(slot);
    }

    /** The slot of offset, or {@link LongIntMap#ABSENT} when nothing is known there. */
    int slotOf(long offset) {
        return slotByOffset.get(offset);
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
