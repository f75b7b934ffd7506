package io.kchaos.checker.queue;

import io.kchaos.checker.result.CheckResult;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a history tells about a topic used as a queue, fed event by event (a value sent, acknowledged at a position,
 * definitely failed or indeterminate, read by a process, a declared seek, a complete drain) and judged once at the end
 * for the anomalies of docs/format.md: lost writes, inconsistent offsets, duplicates, aborted reads (G1a),
 * nonmonotonic sends and polls, poll skips. The queue checker feeds it {@code send}/{@code poll}/{@code drain} ops; the
 * transaction and consumer-group checkers feed it their own ops, so every workload shares one definition of each
 * anomaly. Memory grows with distinct values and offsets, not with ops.
 */
public final class QueueLedger {
    /** Which cursors a read moves: polls during the run and the final drain are tracked apart. */
    public enum ReadKind { POLL, DRAIN }

    /** A (partition, offset) position in the topic. */
    public record Position(int partition, long offset) {
    }

    final ValueTable values = new ValueTable();
    final Partitions partitions = new Partitions(values);
    final OffsetConflicts conflicts = new OffsetConflicts();
    final PollJumps jumps = new PollJumps();
    final Deletions deletions;
    private final CheckResult result;
    private final ProcessOrders orders;
    private final ProcessCursorStore processes = new ProcessCursorStore();
    private long recordsRead;
    private boolean drainRan;

    /** A ledger that knows no retention policy: every record missing below the log start is expired. */
    public QueueLedger(CheckResult result) {
        this(result, Optional.empty());
    }

    /**
     * @param result where anomalies go, as they are found and when {@link #judge()} runs
     * @param policy the run's retention policy, which tells expired records from premature deletions; empty when unknown
     */
    public QueueLedger(CheckResult result, Optional<RetentionPolicy> policy) {
        this.result = result;
        this.orders = new ProcessOrders(result, jumps);
        this.deletions = new Deletions(values, partitions, policy);
    }

    /** A send of v was invoked at time (its record is produced no earlier). */
    public void sent(long v, long time) {
        values.sent(v, time);
    }

    /** A transaction was invoked: it may write one control record (commit or abort marker) in each partition. */
    public void transactionInvoked() {
        deletions.controlRecordPossible();
    }

    /** A live change of a topic config recorded in the history (a nemesis's alter-config or restore-config). */
    public void topicConfigChanged(String key, String value) {
        deletions.configChanged(key, value);
    }

    /** The send of v ended indeterminate (info, or no completion). */
    public void info(long v) {
        values.info(v);
    }

    /** The send of v definitely did not happen; a later read of v is an aborted read. */
    public void failed(long v, long index, int process, long time) {
        values.failed(v, index, process, time);
    }

    /**
     * v was acknowledged at (partition, offset) by the completion at history index; offset -1 when the
     * acknowledgement named none. Does not judge send order: see {@link #sendOrder}.
     */
    public void acked(long v, int partition, long offset, long index, int process, long time) {
        boolean recorded = values.acked(v, partition, offset, index, process, time);
        if (offset >= 0) claim(partitions.get(partition), offset, v, index, recorded);
    }

    /**
     * Moves a process's send cursor in a partition to an acknowledged offset; with {@code check}, an offset below the
     * previous one is a nonmonotonic send.
     */
    public void sendOrder(int process, int partition, long offset, long v, long index, boolean check) {
        if (offset < 0) return;
        Map<Integer, Cursor> sends = cursors(process).sends;
        if (check) {
            orders.sent(sends, process, partition, offset, v, index);
        } else {
            Cursor c = sends.get(partition);
            if (c == null) sends.put(partition, new Cursor(offset, v, index));
            else c.move(offset, v, index);
        }
    }

    /** A process read v at (partition, offset) in the op at history index. */
    public void read(int process, ReadKind kind, int partition, long offset, long v, long index) {
        recordsRead++;
        values.read(v, partition, offset, index);
        PartitionLog log = partitions.get(partition);
        log.read(offset, index);
        if (kind == ReadKind.DRAIN) log.drainRead(offset);
        claim(log, offset, v, index, false);
        orders.read(cursors(process).reads(kind), process, partition, offset, v, index);
    }

    /** A declared seek or (re)assignment: the process's next read of the partition may be anywhere. */
    public void seek(int process, ReadKind kind, int partition) {
        orders.seek(cursors(process).reads(kind), partition);
    }

    /** A final drain op completed (ok): from then on, every partition it did not read completely is judged by where it stopped. */
    public void drainRan() {
        drainRan = true;
    }

    /** Whether a final drain op completed (ok). */
    boolean hadDrain() {
        return drainRan;
    }

    /** A drain recorded where its read of a partition stopped short of the end offset. */
    void drainStopped(DrainStop stop) {
        partitions.get(stop.partition()).drainStopped(stop);
    }

    /** A drain read the partition completely up to (not including) endOffset. */
    public void drained(int partition, long endOffset, long index) {
        partitions.get(partition).drained(endOffset, index);
    }

    /**
     * A drain op at history index and time began reading the partition at its log start offset startOffset (what lies
     * below was deleted).
     */
    public void drainStarted(int partition, long startOffset, long index, long time) {
        partitions.get(partition).drainStarted(startOffset, index, time);
    }

    /**
     * Whether a known offset of the partition lies below the log start offset of its complete drain and was deleted
     * within the retention policy (or none is known): expired rather than lost when it was never read. One below the
     * log start that the policy did not allow to go is a premature deletion ({@link Deletions}).
     */
    public boolean expired(int partition, long offset) {
        return deletions.expired(partition, offset);
    }

    /** Whether a known offset of the partition lies below the log start offset of its complete drain, however it went. */
    public boolean belowLogStart(int partition, long offset) {
        return deletions.belowLogStart(partition, offset);
    }

    /** Reports every anomaly still pending, and adds the ledger's figures and warnings to the result. */
    public void judge() {
        new QueueJudge(this, result).judge();
    }

    /** Records read so far (counting each record of each read op). */
    public long recordsRead() {
        return recordsRead;
    }

    /** Whether v was read by anyone. */
    public boolean isRead(long v) {
        int id = values.find(v);
        return id >= 0 && values.has(id, ValueTable.READ);
    }

    /** Where v was acknowledged, or null when it was not (or the acknowledgement named no offset). */
    public Position ackedAt(long v) {
        int id = values.find(v);
        if (id < 0 || !values.has(id, ValueTable.ACKED) || values.ackOffset(id) < 0) return null;
        return new Position(values.ackPartition(id), values.ackOffset(id));
    }

    /** Where v was first read, or null when it never was. */
    public Position firstReadAt(long v) {
        int id = values.find(v);
        if (id < 0 || !values.has(id, ValueTable.READ)) return null;
        ValueTable.ReadAt r = values.reads(id).get(0);
        return new Position(r.partition(), r.offset());
    }

    /** Where v is known to be: its acknowledged position, else where it was first read; null when unknown. */
    public Position positionOf(long v) {
        Position acked = ackedAt(v);
        return acked != null ? acked : firstReadAt(v);
    }

    /** Whether a drain read the partition completely. */
    public boolean isDrained(int partition) {
        PartitionLog log = partitions.find(partition);
        return log != null && log.isDrained();
    }

    /** The end offset of the partition's complete drain, or -1. */
    public long drainEndOffset(int partition) {
        PartitionLog log = partitions.find(partition);
        return log == null ? -1 : log.drainEndOffset();
    }

    /** The highest offset of the partition anyone read, or -1. */
    public long maxReadOffset(int partition) {
        PartitionLog log = partitions.find(partition);
        return log == null ? -1 : log.maxReadOffset();
    }

    /** The smallest offset at or above {@code from} known (acknowledged or read) to hold a record, or -1. */
    public long nextKnown(int partition, long from) {
        PartitionLog log = partitions.find(partition);
        return log == null ? -1 : log.knownAtOrAbove(from);
    }

    /** The value first seen at (partition, offset); only meaningful for a known offset. */
    public long valueAt(int partition, long offset) {
        return values.value(idAt(partition, offset));
    }

    /** The history index where (partition, offset) was first seen; only meaningful for a known offset. */
    public long firstIndexAt(int partition, long offset) {
        return partitions.find(partition).firstIndexAt(offset, idAt(partition, offset));
    }

    /** The id of the value first seen at (partition, offset); IllegalArgumentException for an unknown offset. */
    private int idAt(int partition, long offset) {
        PartitionLog log = partitions.find(partition);
        int id = log == null ? LongIntMap.ABSENT : log.idAt(offset);
        if (id == LongIntMap.ABSENT) throw new IllegalArgumentException("nothing known at " + partition + "/" + offset);
        return id;
    }

    /** The partitions the history mentions, ascending. */
    public List<Integer> partitionNumbers() {
        return partitions.all().stream().map(PartitionLog::partition).toList();
    }

    private ProcessCursors cursors(int process) {
        return processes.of(process);
    }

    /** Claims offset for v, just recorded in the value table; {@code ackRecorded}: as its recorded acknowledgement. */
    private void claim(PartitionLog log, long offset, long v, long index, boolean ackRecorded) {
        int id = values.find(v);
        int held = log.claim(offset, id, index, ackRecorded);
        if (held != id) conflicts.add(log.partition(), offset, values.value(held), log.firstIndexAt(offset, held), v, index);
    }
}
