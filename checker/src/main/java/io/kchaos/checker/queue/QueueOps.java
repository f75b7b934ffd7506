package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.DrainFields;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpValueException;

import java.util.Iterator;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * The queue workload's op names and the fields of their values (docs/format.md), read without building
 * objects; a value of the wrong shape is a {@link HistoryFormatException} that names the op's history index.
 */
public final class QueueOps {
    public static final String SEND = ClientOps.SEND;
    public static final String POLL = ClientOps.POLL;
    public static final String DRAIN = ClientOps.DRAIN;

    /** Receives one record of a poll or drain. */
    public interface RecordSink {
        void record(int partition, long offset, long value);
    }

    /** Receives one entry of a partition-to-offset object such as {@code end-offsets}. */
    public interface PartitionOffsetSink {
        void accept(int partition, long offset);
    }

    private QueueOps() {
    }

    /** Whether f is one of the queue ops (send, poll, drain). */
    public static boolean isQueueOp(String f) {
        return SEND.equals(f) || POLL.equals(f) || DRAIN.equals(f);
    }

    /** Whether a send's value names the value sent (fail/info completions may leave it to the invocation). */
    static boolean hasSendValue(Op op) {
        return op.value().isObject() && op.value().hasNonNull("value");
    }

    static long sendValue(Op op) {
        return requiredLong(op, op.value(), "value");
    }

    /** The non-negative {@code partition} field of node. */
    public static int partition(Op op, JsonNode node) {
        long p = requiredLong(op, node, "partition");
        if (p < 0 || p > Integer.MAX_VALUE) throw malformed(op, "\"partition\" out of range: " + p);
        return (int) p;
    }

    /** The offset of an acknowledgement; -1 when the producer could not know it (e.g. acks=0). */
    static long ackOffset(Op op) {
        return Math.max(-1, requiredLong(op, op.value(), "offset"));
    }

    /** Visits the records of a poll or drain completion, in order. */
    static void forEachRecord(Op op, RecordSink sink) {
        forEachRecord(op, op.value(), sink);
    }

    /** Visits the {@code records} array of holder (an op's value, or a micro-op's result), in order. */
    public static void forEachRecord(Op op, JsonNode holder, RecordSink sink) {
        JsonNode records = holder.isObject() ? holder.get("records") : null;
        if (records == null || !records.isArray()) throw malformed(op, "missing \"records\" array");
        for (JsonNode r : records) {
            if (!r.isObject()) throw malformed(op, "a record is not an object");
            long offset = requiredLong(op, r, "offset");
            if (offset < 0) throw malformed(op, "negative record offset " + offset);
            sink.record(partition(op, r), offset, requiredLong(op, r, "value"));
        }
    }

    /** Visits the partitions a poll or drain invocation declares it sought ({@code {"seek": {"2": 0}}}). */
    static void forEachSoughtPartition(Op op, IntConsumer sink) {
        forEachSoughtPartition(op, op.value(), sink);
    }

    /** Visits the partitions of holder's {@code seek} object, if any; each position must be an integer. */
    public static void forEachSoughtPartition(Op op, JsonNode holder, IntConsumer sink) {
        JsonNode seek = holder.isObject() ? holder.get("seek") : null;
        if (seek == null || seek.isNull()) return;
        if (!seek.isObject()) throw malformed(op, "\"seek\" is not an object");
        for (Map.Entry<String, JsonNode> e : seek.properties()) {
            integer(op, e.getValue(), "seek position of partition " + e.getKey());
            sink.accept(partitionName(op, e.getKey()));
        }
    }

    /** Visits the {@code end-offsets} of a drain completion, if any. */
    static void forEachEndOffset(Op op, PartitionOffsetSink sink) {
        forEachDrainOffset(op, DrainFields.END_OFFSETS, "end", sink);
    }

    /** Visits the {@code start-offsets} of a drain completion (the log start offsets it began at), if any. */
    static void forEachStartOffset(Op op, PartitionOffsetSink sink) {
        forEachDrainOffset(op, DrainFields.START_OFFSETS, "start", sink);
    }

    /** Visits the {@code unfinished} partitions of a drain completion (where its read of each stopped), if any. */
    static void forEachUnfinished(Op op, Consumer<DrainStop> sink) {
        JsonNode unfinished = op.value().isObject() ? op.value().get(DrainFields.UNFINISHED) : null;
        if (unfinished == null || unfinished.isNull()) return;
        if (!unfinished.isObject()) throw malformed(op, "\"" + DrainFields.UNFINISHED + "\" is not an object");
        for (Map.Entry<String, JsonNode> e : unfinished.properties()) {
            JsonNode stop = e.getValue();
            if (!stop.isObject()) throw malformed(op, "unfinished partition " + e.getKey() + " is not an object");
            long position = requiredLong(op, stop, DrainFields.POSITION);
            long end = requiredLong(op, stop, DrainFields.END_OFFSET);
            if (position < 0 || end < 0) throw malformed(op, "negative position or end offset of unfinished partition " + e.getKey());
            JsonNode error = stop.path(DrainFields.ERROR);
            JsonNode stalled = stop.get(DrainFields.STALLED_MS);
            JsonNode leader = stop.path(DrainFields.LEADER);
            sink.accept(new DrainStop(partitionName(op, e.getKey()), position, end, error.isTextual() ? error.asText() : null,
                    stalled == null ? -1 : integer(op, stalled, DrainFields.STALLED_MS), leader.isIntegralNumber(), op.index(), op.time()));
        }
    }

    /** A drain's partition-to-offset object {@code field}; a negative offset is a format error naming {@code what}. */
    private static void forEachDrainOffset(Op op, String field, String what, PartitionOffsetSink sink) {
        forEachPartitionOffset(op, op.value(), field, (p, offset) -> {
            if (offset < 0) throw malformed(op, "negative " + what + " offset " + offset + " of partition " + p);
            sink.accept(p, offset);
        });
    }

    /** Visits holder's {@code field}, an object of partition numbers to offsets such as {@code end-offsets}, if any. */
    public static void forEachPartitionOffset(Op op, JsonNode holder, String field, PartitionOffsetSink sink) {
        JsonNode ends = holder.isObject() ? holder.get(field) : null;
        if (ends == null || ends.isNull()) return;
        if (!ends.isObject()) throw malformed(op, "\"" + field + "\" is not an object");
        for (Iterator<Map.Entry<String, JsonNode>> it = ends.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            sink.accept(partitionName(op, e.getKey()), integer(op, e.getValue(), field + " of partition " + e.getKey()));
        }
    }

    /** A format error naming the op (its history names the line: {@link io.kchaos.history.History#located}). */
    public static HistoryFormatException malformed(Op op, String what) {
        return new OpValueException(op, what);
    }

    /** A partition number written as an object key, e.g. {@code "2"}. */
    public static int partitionName(Op op, String name) {
        try {
            int p = Integer.parseInt(name);
            if (p >= 0) return p;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw malformed(op, "\"" + name + "\" is not a partition number");
    }

    /** The integer {@code field} of node; a format error when it is missing or not an integer. */
    public static long requiredLong(Op op, JsonNode node, String field) {
        JsonNode v = node.isObject() ? node.get(field) : null;
        if (!Json.isInteger(v)) throw malformed(op, "missing or non-integer \"" + field + "\"" + (v == null ? "" : ": " + v));
        return v.asLong();
    }

    /**
     * The integer v ({@link Json#isInteger}: no fraction, no exponent, in range); a format error naming {@code what}
     * otherwise. Every integer of an op's value is read here or by {@link #requiredLong}.
     */
    public static long integer(Op op, JsonNode v, String what) {
        if (!Json.isInteger(v)) throw malformed(op, what + " is not an integer: " + v);
        return v.asLong();
    }

    /** The integer v as a partition number (0 to 2^31-1); a format error naming {@code what} otherwise. */
    public static int partitionNumber(Op op, JsonNode v, String what) {
        long p = integer(op, v, what);
        if (p < 0 || p > Integer.MAX_VALUE) throw malformed(op, what + " is not a partition number: " + v);
        return (int) p;
    }
}
