package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.util.Optional;

/**
 * The one judgement of a record missing below the log start offset its partition's final drain began at: deleted
 * within the topic's retention policy (expired), or before the policy allowed it (premature-deletion, docs/format.md).
 * Without a recorded policy every such record is expired, as before the policy was recorded.
 *
 * <p>Kafka deletes a closed segment by time only when the newest record timestamp in it is more than
 * {@code retention.ms} old, and by size only while the segments after it keep at least {@code retention.bytes}. A
 * record's segment holds no record older than the record's own send invocation, and every segment after it holds only
 * records above it, so a deletion is premature for certain when both are false of the record itself:
 * <ul>
 *   <li>time: {@code retention.ms} is -1, or the time from the record's send invocation to the drain op that saw the
 *   log start past it, plus the clock slack, is at most {@code retention.ms};</li>
 *   <li>size: {@code retention.bytes} is -1, or (idempotent producers only) the most bytes a record takes
 *   ({@link RetentionPolicy#recordBytesAtMost}) times the {@link RecordsAfter} bound is below {@code retention.bytes}.</li>
 * </ul>
 * Segment boundaries only delay a deletion, so neither test needs a segment of slack. Both assume the deleting
 * replica's log held the acknowledged record at its offset; one diverged there sets the log start for good only after
 * an unclean election that dropped acknowledged data (docs/format.md, "Expired or premature-deletion: the rule").
 */
final class Deletions {
    /**
     * The most log bytes one record of a kchaos history takes, alone in its own batch: a key {@code k0}..{@code k7}
     * (at most 11 bytes) and a decimal long value (at most 20 bytes), no headers, 41 bytes of record framing at the
     * widest varints, the 61-byte batch header, and under 64 bytes of a compression codec's framing: under 200. A
     * value padded to N bytes ({@link io.kchaos.history.ValuePadding}) holds its digits, so such a record takes at most
     * this plus N.
     */
    static final long MAX_RECORD_LOG_BYTES = 256;

    private final ValueTable values;
    private final Partitions partitions;
    private Optional<RetentionPolicy> policy;
    private long controlRecords;
    private RecordsAfter after;

    Deletions(ValueTable values, Partitions partitions, Optional<RetentionPolicy> policy) {
        this.values = values;
        this.partitions = partitions;
        this.policy = policy;
    }

    /** A transaction was invoked: it may write one control record in each partition. */
    void controlRecordPossible() {
        controlRecords++;
    }

    /** A live change of a topic config during the run; the policy keeps the most permissive values. */
    void configChanged(String key, String value) {
        policy = policy.flatMap(p -> p.widened(key, value));
    }

    boolean hasPolicy() {
        return policy.isPresent();
    }

    /** Whether the known offset lies below the log start offset of its partition's complete drain. */
    boolean belowLogStart(int partition, long offset) {
        PartitionLog log = partitions.find(partition);
        return log != null && log.isDrained() && offset >= 0 && offset < log.drainStartOffset();
    }

    /** Below the log start and deleted within the policy (or no policy is known). */
    boolean expired(int partition, long offset) {
        return belowLogStart(partition, offset) && premature(partition, offset).isEmpty();
    }

    /** The evidence that the known record at (partition, offset) was deleted before the policy allowed; empty if not. */
    Optional<ObjectNode> premature(int partition, long offset) {
        if (policy.isEmpty() || !belowLogStart(partition, offset)) return Optional.empty();
        PartitionLog log = partitions.get(partition);
        Allowance a = allowance(partition, offset, log.drainStartTime());
        if (a.allows()) return Optional.empty();
        int id = log.idAt(offset);
        ObjectNode o = Json.object();
        o.put("partition", partition);
        o.put("offset", offset);
        if (id != LongIntMap.ABSENT) o.put("value", values.value(id));
        if (a.id() >= 0 && values.has(a.id(), ValueTable.ACKED)) o.put("index", values.completionIndex(a.id()));
        o.put("send-time", a.sendTime());
        o.put("log-start-offset", log.drainStartOffset());
        o.put("log-start-index", log.drainStartIndex());
        o.put("log-start-time", log.drainStartTime());
        o.put("age-ms", a.ageMs());
        o.put("records-after-at-most", a.records());
        o.put("record-bytes-at-most", policy.get().recordBytesAtMost());
        o.put("bytes-after-at-most", a.bytes());
        policy.get().into(o);
        return Optional.of(o);
    }

    /**
     * Whether the policy may have let the known record at (partition, offset) go by time {@code at} (a history time),
     * by the same rule as {@link #premature}; false with no policy recorded (nothing then says it went: a record the
     * final drain found above the log start is not expired).
     */
    boolean retentionAllows(int partition, long offset, long at) {
        return policy.isPresent() && allowance(partition, offset, at).allows();
    }

    /** What the policy says of the record at (partition, offset) by time {@code at}; the policy must be known. */
    private Allowance allowance(int partition, long offset, long at) {
        RetentionPolicy p = policy.orElseThrow();
        PartitionLog log = partitions.get(partition);
        int id = log.idAt(offset); // ABSENT is -1
        long sendTime = id >= 0 ? values.sendTime(id) : 0;
        long ageMs = ceilMillis(at - sendTime);
        boolean timeAllows = p.topic().retentionMs() >= 0 && ageMs + p.clockSlackMs() > p.topic().retentionMs();
        if (timeAllows) return new Allowance(true, id, sendTime, ageMs, -1, -1);
        if (after == null) after = new RecordsAfter(values, controlRecords);
        long records = after.atMost(partition, offset, id, sendTime);
        long perRecord = p.recordBytesAtMost();
        long bytes = records > Long.MAX_VALUE / perRecord ? Long.MAX_VALUE : records * perRecord;
        long limit = p.topic().retentionBytes();
        boolean sizeAllows = limit >= 0 && (!p.idempotent() || bytes >= limit);
        return new Allowance(sizeAllows, id, sendTime, ageMs, records, bytes);
    }

    /** The policy's answer for one record, with the figures it was drawn from (records and bytes -1: not needed). */
    private record Allowance(boolean allows, int id, long sendTime, long ageMs, long records, long bytes) {
    }

    private static long ceilMillis(long nanos) {
        return nanos <= 0 ? 0 : (nanos + 999_999) / 1_000_000;
    }
}
