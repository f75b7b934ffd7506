package io.kchaos.checker.queue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the pass keeps per distinct value, in parallel {@link LongColumn}s (each entry in 1 to 8 bytes)
 * indexed by a dense id given in order of
 * first mention: when its send was first invoked, how it ended (with the completion's index, process and time), where
 * it was acknowledged, and where it was read (the first read position inline; further distinct positions, which are duplicates, aside).
 * A value is held as its difference from its id (ids follow first mention, which follows a workload's value counter),
 * a completion's time as its difference from the send's (the latency), a first read at the acknowledged position
 * as a flag, and a first read's history index after the acknowledgement as its distance from the acknowledgement's;
 * the flags too are a column. An acknowledged offset is held apart from the other partitions' offsets
 * ({@link PartitionOffsetColumn}). Pages of ids far behind the newest are packed
 * ({@link LongColumn#packBelow}): the history rarely mentions an old value again.
 */
final class ValueTable {
    static final int SENT = 1;
    static final int ACKED = 2;
    static final int FAILED = 4;
    static final int INFO = 8;
    static final int READ = 16;
    /** The first read was at the acknowledged position, which is then not stored again. */
    private static final int READ_AT_ACK = 32;
    /** The first read came after the acknowledgement, and its history index is held as its distance from the latter's. */
    private static final int READ_AFTER_ACK = 64;

    /** One position a value was read at, with the history index of the first such read. */
    record ReadAt(int partition, long offset, long index) {
    }

    private final LongIntMap ids = new LongIntMap(1 << 16);
    private final LongColumn value = new LongColumn(1 << 12);
    private final LongColumn flags = new LongColumn(1 << 12);
    private final LongColumn ackPartition = new LongColumn(1 << 12);
    private final PartitionOffsetColumn ackOffset = new PartitionOffsetColumn(1 << 12);
    private final LongColumn completionIndex = new LongColumn(1 << 12);
    private final LongColumn completionProcess = new LongColumn(1 << 12);
    private final LongColumn completionTime = new LongColumn(1 << 12);
    private final LongColumn sendTime = new LongColumn(1 << 12);
    private final LongColumn readPartition = new LongColumn(1 << 12);
    private final LongColumn readOffset = new LongColumn(1 << 12);
    private final LongColumn readIndex = new LongColumn(1 << 12);
    private final List<LongColumn> columns = List.of(value, flags, ackPartition, completionIndex, completionProcess,
            completionTime, sendTime, readPartition, readOffset, readIndex);
    private final Map<Integer, List<ReadAt>> extraReads = new HashMap<>();
    private int size;

    int size() {
        return size;
    }

    /** The id of v, or {@link LongIntMap#ABSENT} when v was never mentioned. */
    int find(long v) {
        return ids.get(v);
    }

    /** The id of v, creating an entry on first mention. */
    int id(long v) {
        int id = ids.putIfAbsent(v, size);
        if (id == size) {
            if (size == value.capacity()) grow();
            value.set(id, v - id);
            flags.set(id, 0);
            sendTime.set(id, 0);
            size++;
            for (LongColumn c : columns) c.packBehind(size);
            ackOffset.packBehind(size);
        }
        return id;
    }

    /** The send of v was invoked at time; the first invocation's time is kept. */
    void sent(long v, long time) {
        int id = id(v); // before touching an array: id() may grow them
        if (!has(id, SENT)) sendTime.set(id, time);
        flag(id, SENT);
    }

    void info(long v) {
        int id = id(v);
        flag(id, SENT | INFO);
    }

    /**
     * A send that ended ok (offset -1 when the acknowledgement named no offset); returns whether it was recorded (the
     * value's first acknowledgement; a later one is not).
     */
    boolean acked(long v, int partition, long offset, long index, int process, long time) {
        int id = id(v);
        if (has(id, ACKED)) return false;
        flag(id, SENT | ACKED);
        ackPartition.set(id, partition);
        ackOffset.set(id, partition, offset);
        completion(id, index, process, time);
        return true;
    }

    void failed(long v, long index, int process, long time) {
        int id = id(v);
        if (has(id, FAILED) || has(id, ACKED)) return;
        flag(id, SENT | FAILED);
        completion(id, index, process, time);
    }

    /** A read of v at (partition, offset); returns true when v was already read at another position. */
    boolean read(long v, int partition, long offset, long index) {
        int id = id(v);
        if (!has(id, READ)) {
            flag(id, READ);
            if (has(id, ACKED) && ackPartition(id) == partition && ackOffset(id) == offset) {
                flag(id, READ_AT_ACK);
            } else {
                readPartition.set(id, partition);
                readOffset.set(id, offset);
            }
            if (has(id, ACKED)) { // an acknowledged value's completion index is set for good
                flag(id, READ_AFTER_ACK);
                readIndex.set(id, index - completionIndex(id));
            } else {
                readIndex.set(id, index);
            }
            return false;
        }
        if (firstReadPartition(id) == partition && firstReadOffset(id) == offset) return false;
        List<ReadAt> extra = extraReads.computeIfAbsent(id, k -> new ArrayList<>(2));
        for (ReadAt r : extra) {
            if (r.partition() == partition && r.offset() == offset) return true;
        }
        extra.add(new ReadAt(partition, offset, index));
        return true;
    }

    boolean has(int id, int flag) {
        return (flags.get(id) & flag) != 0;
    }

    long value(int id) {
        return value.get(id) + id;
    }

    int ackPartition(int id) {
        return (int) ackPartition.get(id);
    }

    /** Where an acknowledged value was acknowledged (-1 when its acknowledgement named no offset). */
    long ackOffset(int id) {
        return ackOffset.get(id, ackPartition(id));
    }

    long completionIndex(int id) {
        return completionIndex.get(id);
    }

    int completionProcess(int id) {
        return (int) completionProcess.get(id);
    }

    long completionTime(int id) {
        return completionTime.get(id) + sendTime(id);
    }

    /**
     * When v's send was first invoked; 0 (the run's start) when the history holds no invocation before its first
     * mention, so always at or before the moment its record was produced.
     */
    long sendTime(int id) {
        return sendTime.get(id);
    }

    /** Whether v was read at more than one position. */
    boolean readAtSeveralPositions(int id) {
        return extraReads.containsKey(id);
    }

    /** Every distinct position id was read at, the first one first. */
    List<ReadAt> reads(int id) {
        if (!has(id, READ)) return List.of();
        List<ReadAt> all = new ArrayList<>();
        all.add(new ReadAt(firstReadPartition(id), firstReadOffset(id), firstReadIndex(id)));
        all.addAll(extraReads.getOrDefault(id, List.of()));
        return all;
    }

    /**
     * The history index where id was first seen at (partition, offset) as far as this table tells: its recorded
     * acknowledgement's when that was there, else its first read's there; -1 when neither was there.
     */
    long firstIndexAt(int id, int partition, long offset) {
        if (has(id, ACKED) && ackPartition(id) == partition && ackOffset(id) == offset) return completionIndex(id);
        return readIndexAt(id, partition, offset);
    }

    /** The history index of id's first read at (partition, offset), or -1 when it was never read there. */
    long readIndexAt(int id, int partition, long offset) {
        if (!has(id, READ)) return -1;
        if (firstReadPartition(id) == partition && firstReadOffset(id) == offset) return firstReadIndex(id);
        for (ReadAt r : extraReads.getOrDefault(id, List.of())) {
            if (r.partition() == partition && r.offset() == offset) return r.index();
        }
        return -1;
    }

    /** Whether id was ever read at exactly (partition, offset). */
    boolean readAt(int id, int partition, long offset) {
        return readIndexAt(id, partition, offset) >= 0;
    }

    private long firstReadIndex(int id) {
        return readIndex.get(id) + (has(id, READ_AFTER_ACK) ? completionIndex(id) : 0);
    }

    private int firstReadPartition(int id) {
        return has(id, READ_AT_ACK) ? ackPartition(id) : (int) readPartition.get(id);
    }

    private long firstReadOffset(int id) {
        return has(id, READ_AT_ACK) ? ackOffset(id) : readOffset.get(id);
    }

    private void flag(int id, int flag) {
        flags.set(id, flags.get(id) | flag);
    }

    private void completion(int id, long index, int process, long time) {
        completionIndex.set(id, index);
        completionProcess.set(id, process);
        completionTime.set(id, time - sendTime(id)); // the send time is set for good once the send completed
    }

    private void grow() {
        int n = size + (size >> 1); // 1.5x: less unused room than doubling
        for (LongColumn c : columns) c.growTo(n);
        ackOffset.growTo(n);
    }
}
