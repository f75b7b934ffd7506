package io.kchaos.checker.replica;

import org.apache.kafka.common.TopicPartition;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * One node's copy of one partition during an audit: its checkpointed offsets, whether it is held to the final ISR
 * rules, and a cursor that walks its good batches in offset order for {@link PartitionAudit}'s lock-step merge.
 *
 * <p>Damage is settled here, before the merge sees the log: a batch whose CRC does not match, or bytes that do not
 * parse, below the recovery point, are reported as {@code corrupt-batch} once, and the offsets they held are marked as
 * damaged, so that the per-replica checks (epoch lineage, acknowledged writes) do not report them again. On a final-ISR
 * replica the damaged offsets below the high watermark are also {@code committed-data-missing} (cause {@code corrupt}),
 * with their exact range: committed data this replica no longer holds intact, whatever the cause. Unparseable bytes or
 * a batch failing its CRC at or above the recovery point are a torn tail (what Kafka's recovery truncates after a
 * crash or power loss): a note, and the offsets are simply absent.
 */
final class Replica {
    private final int nodeId;
    private final BrokerLogDir logDir;
    private final PartitionDir partitionDir;
    private final long highWatermark;
    private final OptionalLong recoveryPoint;
    private final long logStartOffset;
    /** The checkpointed log start when the topic has a remote tier and the first local segment starts above it; else -1. */
    private final long remoteFrom;
    private final Findings findings;
    private final List<ReplicaListener> listeners = new ArrayList<>();
    private boolean inFinalIsr;

    private LogCursor cursor;
    private BatchInfo head;
    private BatchInfo lastConsumed;
    /** Last offset of the last good batch (for the offsets-increase check). */
    private long lastBatchOffset = -1;
    /** Highest offset this replica holds in a good batch. */
    private long coveredUpTo;
    private long pendingCorruptFrom = -1;
    private BatchInfo pendingCorrupt;
    private final MissingRanges missing = new MissingRanges();
    private long partitionHighWatermark = -1;
    private boolean stale;
    private long batches;
    private long tornTails;
    private long logEndOffset = -1;

    /**
     * @param remoteTier whether the partition's topic keeps a remote tier (tiered storage): offsets between the
     *                   checkpointed log start and the first local segment are then remote, not lost, and unchecked here
     */
    Replica(int nodeId, BrokerLogDir logDir, PartitionDir partitionDir, boolean remoteTier, Findings findings) {
        this.nodeId = nodeId;
        this.logDir = logDir;
        this.partitionDir = partitionDir;
        this.findings = findings;
        TopicPartition tp = partitionDir.topicPartition();
        this.highWatermark = logDir.highWatermarks().offset(tp).orElse(-1);
        this.recoveryPoint = logDir.recoveryPoints().offset(tp);
        long firstSegment = partitionDir.segments().isEmpty() ? 0 : partitionDir.segments().get(0).baseOffset();
        long checkpointed = logDir.logStartOffsets().offset(tp).orElse(0);
        this.logStartOffset = Math.max(firstSegment, checkpointed);
        this.remoteFrom = remoteTier && firstSegment > checkpointed ? checkpointed : -1;
        if (firstSegment > checkpointed && !remoteTier) {
            findings.warn("node " + nodeId + ": the first segment of " + partitionDir.path() + " starts at " + firstSegment
                    + ", above the checkpointed log start " + checkpointed + "; offsets below it are not checked (retention since"
                    + " the checkpoint, or a lost segment)");
        }
        this.coveredUpTo = logStartOffset - 1;
    }

    void addListener(ReplicaListener listener) {
        listeners.add(listener);
    }

    void setInFinalIsr(boolean inFinalIsr) {
        this.inFinalIsr = inFinalIsr;
    }

    /** Opens the log and reads up to the first good batch. */
    void start(long partitionHighWatermark) {
        this.partitionHighWatermark = partitionHighWatermark;
        cursor = partitionDir.openCursor();
        advance();
    }

    /** The next good batch not yet consumed, or null at the end of the log. */
    BatchInfo head() {
        return head;
    }

    /** The batch consumed last, or null. */
    BatchInfo lastConsumed() {
        return lastConsumed;
    }

    /** Hands the head batch to the per-replica checks and moves on. */
    void consume() {
        for (ReplicaListener l : listeners) l.batch(head, cursor);
        lastConsumed = head;
        coveredUpTo = Math.max(coveredUpTo, head.lastOffset());
        batches++;
        advance();
    }

    boolean covers(long offset) {
        return coveredUpTo >= offset;
    }

    /**
     * Records that this final-ISR replica lacks offsets {@code from..to}, where another replica holds {@code heldBy}
     * (null when none does); adjacent ranges of one cause become one case.
     */
    void missing(long from, long to, BatchInfo heldBy) {
        missing.missing(from, to, heldBy);
    }

    /** Ends the walk: reports what is missing up to the high watermark and tells the checks the log ended. */
    void finish() {
        closePendingCorruptAtItsLastOffset();
        logEndOffset = Math.max(logStartOffset, lastBatchOffset + 1);
        if (inFinalIsr) {
            long from = Math.max(Math.max(coveredUpTo, missing.through()) + 1, logStartOffset);
            if (from < partitionHighWatermark) missing(from, partitionHighWatermark - 1, null);
            for (MissingRanges.Range r : missing.finish(logStartOffset, partitionHighWatermark)) {
                findings.committedDataMissing(this, r, partitionHighWatermark);
            }
        }
        for (ReplicaListener l : listeners) l.end(logEndOffset);
        cursor.close();
    }

    /** A replica outside the final ISR whose log left the others' lineage (an uncommitted suffix Kafka will truncate). */
    void markStale(long offset, int epoch, int referenceEpoch) {
        if (stale) return;
        stale = true;
        findings.warn("node " + nodeId + " " + topicPartition() + ": from offset " + offset + " holds epoch " + epoch
                + " where the final ISR holds epoch " + referenceEpoch + "; it is outside the final ISR, so this suffix is"
                + " uncommitted and not compared");
    }

    boolean stale() {
        return stale;
    }

    private void advance() {
        head = null;
        LogEvent event;
        while ((event = cursor.next()) != null) {
            if (event instanceof UnreadableBytes u) {
                unreadable(u);
                continue;
            }
            BatchInfo b = (BatchInfo) event;
            if (!b.crcValid()) {
                if (aboveRecoveryPoint(lastBatchOffset + 1)) {
                    tornTail(b.segment(), b.position(), b.sizeInBytes(), "batch at offset " + b.baseOffset() + " fails its CRC");
                    continue;
                }
                findings.corruptBatch(this, b, "CRC mismatch (stored " + b.crc() + ")");
                if (pendingCorrupt == null) pendingCorruptFrom = lastBatchOffset + 1;
                pendingCorrupt = b;
                continue;
            }
            if (b.baseOffset() <= lastBatchOffset) {
                findings.corruptBatch(this, b, "offsets do not increase: the previous batch ended at offset " + lastBatchOffset);
                continue;
            }
            closePendingCorrupt(b.baseOffset() - 1);
            lastBatchOffset = b.lastOffset();
            head = b;
            return;
        }
    }

    private void unreadable(UnreadableBytes u) {
        closePendingCorruptAtItsLastOffset();
        long from = lastBatchOffset + 1;
        long to = u.nextSegmentBaseOffset() >= 0 ? u.nextSegmentBaseOffset() - 1 : Long.MAX_VALUE;
        if (aboveRecoveryPoint(from)) {
            tornTail(u.segment(), u.position(), u.length(), u.reason());
            return;
        }
        findings.corruptBytes(this, u, from, to);
        damaged(from, to);
    }

    /** True when {@code offset} lies where a crash may legitimately leave a torn write: at or above the recovery point. */
    private boolean aboveRecoveryPoint(long offset) {
        return recoveryPoint.isEmpty() || offset >= recoveryPoint.getAsLong();
    }

    private void tornTail(Path segment, long position, long length, String reason) {
        tornTails++;
        findings.warn("node " + nodeId + " " + topicPartition() + ": torn tail in " + segment + " at position "
                + position + " (" + length + " bytes, " + reason + ") "
                + (recoveryPoint.isEmpty() ? "with no recovery point checkpointed; not counted as corrupt"
                : "above the recovery point " + recoveryPoint.getAsLong() + ": normal after a crash, not counted"));
    }

    /** With nothing good after a CRC-corrupt batch, its own (unverified) last offset ends the damage. */
    private void closePendingCorruptAtItsLastOffset() {
        if (pendingCorrupt != null) closePendingCorrupt(Math.max(pendingCorruptFrom, pendingCorrupt.lastOffset()));
    }

    /** Settles the offsets between the last good batch and {@code to} as lost to a CRC-corrupt batch. */
    private void closePendingCorrupt(long to) {
        if (pendingCorrupt == null) return;
        damaged(pendingCorruptFrom, to);
        lastBatchOffset = Math.max(lastBatchOffset, to);
        pendingCorrupt = null;
        pendingCorruptFrom = -1;
    }

    private void damaged(long from, long to) {
        if (to < from) return;
        missing.damaged(from, to);
        for (ReplicaListener l : listeners) l.damaged(from, to);
    }

    int nodeId() {
        return nodeId;
    }

    TopicPartition topicPartition() {
        return partitionDir.topicPartition();
    }

    BrokerLogDir logDir() {
        return logDir;
    }

    PartitionDir partitionDir() {
        return partitionDir;
    }

    /** This replica's own checkpointed high watermark, or -1 when it has none. */
    long highWatermark() {
        return highWatermark;
    }

    OptionalLong recoveryPoint() {
        return recoveryPoint;
    }

    long logStartOffset() {
        return logStartOffset;
    }

    /**
     * True when {@code offset} lies in this replica's remote tier: at or above the checkpointed log start and below
     * its first local segment, on a topic with tiered storage (Kafka deleted the segment locally once it was copied).
     */
    boolean inRemoteTier(long offset) {
        return remoteFrom >= 0 && offset >= remoteFrom && offset < logStartOffset;
    }

    /** Whether offsets below {@link #logStartOffset()} down to the checkpointed log start are in the remote tier. */
    boolean hasRemoteRange() {
        return remoteFrom >= 0;
    }

    boolean inFinalIsr() {
        return inFinalIsr;
    }

    long batches() {
        return batches;
    }

    long tornTails() {
        return tornTails;
    }

    /** One past the last good batch, known after {@link #finish()}. */
    long logEndOffset() {
        return logEndOffset;
    }

    long bytesScanned() {
        return cursor == null ? 0 : cursor.bytesScanned();
    }
}
