package io.kchaos.checker.replica;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Checks one replica's {@code leader-epoch-checkpoint} against the {@code partitionLeaderEpoch} of its own batches
 * ({@code epoch-lineage-mismatch}): every batch at or above the log start offset carries the epoch the checkpoint
 * assigns to its offset; each epoch that has data starts exactly at its first batch; entries never go backwards.
 *
 * <p>Legitimate Kafka states that pass: an entry with no batches (a new leader's {@code 4 100}-style entry, or one whose
 * data was truncated away and whose removal Kafka had not yet written: it flushes truncations asynchronously), entries
 * and batches below the log start offset (whether or not Kafka already moved the first entry up to it), and equal start
 * offsets of consecutive entries. In a log dir without the clean-shutdown marker the file may lag the log above the recovery point (Kafka
 * rebuilds it on restart), so disagreements there are counted in a warning, not reported.
 *
 * <p>Batches at or above the log start that no entry covers (they end below the first entry, or the file is empty) are
 * one {@code epoch-entries-missing} case: the file lost entries the broker had written (KAFKA-16541).
 *
 * <p>One case per epoch: a shifted boundary between epochs e-1 and e shows as batches of one carrying the other, and
 * is filed under the later epoch, e, with the checkpoint's and the data's start offsets.
 */
final class EpochLineageCheck implements ReplicaListener {
    private final Replica replica;
    private final Findings findings;
    private final List<EpochEntry> fileOrder;
    private final List<EpochEntry> byStart;
    private final Map<Integer, Long> startByEpoch = new HashMap<>();
    private final long logStart;
    private final long lenientFrom;
    private final boolean usable;
    private final Map<Integer, Long> firstOffsetByEpoch = new TreeMap<>();
    private final Map<Integer, Mismatch> mismatches = new TreeMap<>();
    private final List<long[]> damaged = new ArrayList<>();
    private final SortedSet<Integer> uncoveredEpochs = new TreeSet<>();
    private long uncoveredFrom = -1;
    private long uncoveredTo = -1;
    private long uncoveredBatches;
    private int current = -1;
    private long lenientDisagreements;

    private static final class Mismatch {
        BatchInfo example;
        int expectedEpoch = -1;
        long batches;
        Long checkpointStart;
        Long firstOffset;
    }

    EpochLineageCheck(Replica replica, Findings findings) {
        this.replica = replica;
        this.findings = findings;
        LeaderEpochCheckpoint checkpoint = replica.partitionDir().leaderEpochs();
        this.usable = checkpoint.problems().isEmpty();
        this.fileOrder = checkpoint.entries();
        this.byStart = new ArrayList<>(fileOrder);
        byStart.sort(Comparator.comparingLong(EpochEntry::startOffset)); // stable: a later line wins on equal starts
        fileOrder.forEach(e -> startByEpoch.put(e.epoch(), e.startOffset()));
        this.logStart = replica.logStartOffset();
        this.lenientFrom = replica.logDir().cleanShutdown() ? Long.MAX_VALUE : replica.recoveryPoint().orElse(0);
    }

    /** Whether the checkpoint parsed, so that its entries can be judged. */
    boolean usable() {
        return usable;
    }

    /** Epoch → base offset of this replica's first batch in that epoch that reaches the log start. */
    Map<Integer, Long> firstOffsetByEpoch() {
        return firstOffsetByEpoch;
    }

    /** Epoch → start offset as in the checkpoint. */
    Map<Integer, Long> checkpointStarts() {
        return startByEpoch;
    }

    /** True when this replica's entry for an epoch starting at {@code offset} may lag (unclean shutdown, above the recovery point). */
    boolean mayLag(long offset) {
        return offset >= lenientFrom;
    }

    @Override
    public void batch(BatchInfo b, LogCursor records) {
        if (!usable || b.leaderEpoch() < 0 || b.lastOffset() < logStart) return;
        long at = Math.max(b.baseOffset(), logStart);
        firstOffsetByEpoch.putIfAbsent(b.leaderEpoch(), b.baseOffset());
        int expected = epochAt(at);
        if (expected == b.leaderEpoch()) return;
        if (mayLag(at)) {
            lenientDisagreements++;
            return;
        }
        if (expected < 0 && (byStart.isEmpty() || b.lastOffset() < byStart.get(0).startOffset())) {
            // wholly below the first entry: the file lost entries for data the log still holds
            if (uncoveredFrom < 0) uncoveredFrom = at;
            uncoveredTo = b.lastOffset();
            uncoveredEpochs.add(b.leaderEpoch());
            uncoveredBatches++;
            return;
        }
        Mismatch m = mismatches.computeIfAbsent(Math.max(expected, b.leaderEpoch()), k -> new Mismatch());
        if (m.example == null) {
            m.example = b;
            m.expectedEpoch = expected;
        }
        m.batches++;
    }

    @Override
    public void damaged(long from, long to) {
        damaged.add(new long[] {from, to});
    }

    @Override
    public void end(long logEndOffset) {
        if (!usable) return;
        for (int i = 1; i < fileOrder.size(); i++) {
            EpochEntry prev = fileOrder.get(i - 1);
            EpochEntry next = fileOrder.get(i);
            if (next.epoch() <= prev.epoch() || next.startOffset() < prev.startOffset()) {
                findings.lineageOrder(replica, fileOrder);
                break;
            }
        }
        firstOffsetByEpoch.forEach((epoch, first) -> {
            Long start = startByEpoch.get(epoch);
            // an epoch whose first batches no entry covers is epoch-entries-missing already: its later start is that fact
            if (start == null || uncoveredEpochs.contains(epoch) || startMatches(start, first) || mayLag(Math.min(start, first)) || damagedBetween(start, first)) return;
            Mismatch m = mismatches.computeIfAbsent(epoch, k -> new Mismatch());
            m.checkpointStart = start;
            m.firstOffset = first;
        });
        if (uncoveredBatches > 0) findings.epochEntriesMissing(replica, fileOrder, uncoveredFrom, uncoveredTo, uncoveredEpochs, uncoveredBatches);
        mismatches.forEach((epoch, m) -> findings.lineageInReplica(replica, epoch,
                m.checkpointStart != null ? m.checkpointStart : startByEpoch.get(epoch),
                m.firstOffset != null ? m.firstOffset : firstOffsetByEpoch.get(epoch),
                m.example, m.expectedEpoch, m.batches));
        if (lenientDisagreements > 0) {
            findings.warn("node " + replica.nodeId() + " " + replica.topicPartition() + ": " + lenientDisagreements
                    + " batches above the recovery point disagree with " + replica.partitionDir().leaderEpochs().path()
                    + "; the broker did not shut down cleanly, so the file may lag its log (not counted)");
        }
    }

    /**
     * An epoch's checkpointed start matches its first batch; for the epoch in effect at the log start, any start at or
     * below the log start does (Kafka moves it up to the log start, but writes that change asynchronously).
     */
    private boolean startMatches(long start, long firstBatchBase) {
        return firstBatchBase <= logStart ? start <= logStart : start == firstBatchBase;
    }

    /** The epoch the checkpoint assigns to {@code offset} (the last entry starting at or below it), or -1. */
    private int epochAt(long offset) {
        while (current + 1 < byStart.size() && byStart.get(current + 1).startOffset() <= offset) current++;
        return current < 0 ? -1 : byStart.get(current).epoch();
    }

    private boolean damagedBetween(long a, long b) {
        long lo = Math.min(a, b);
        long hi = Math.max(a, b) - 1;
        for (long[] d : damaged) {
            if (d[0] <= hi && d[1] >= lo) return true;
        }
        return false;
    }
}
