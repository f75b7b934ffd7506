package io.kchaos.checker.raft;

import io.kchaos.checker.replica.BatchInfo;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where two metadata logs first differ, on the offsets both hold: walks both in offset order, skipping the batches of
 * one that lie below the other's start (a prefix deleted after a snapshot), comparing overlapping batches by base
 * offset, last offset, epoch and CRC. Followers append the leader's batches as they are, so agreeing logs agree batch
 * for batch.
 *
 * @param a         the batch of the first log at the difference, or null when the logs agree where both hold offsets
 * @param b         the batch of the second log there
 * @param indexA    a's index in the first log's batches
 * @param indexB    b's index in the second log's batches
 * @param compared  how many pairs of batches were found identical before the difference
 */
record FirstDifference(BatchInfo a, BatchInfo b, int indexA, int indexB, long compared) {

    /** Compares two logs' batches. */
    static FirstDifference of(List<BatchInfo> first, List<BatchInfo> second) {
        int i = 0;
        int j = 0;
        long same = 0;
        while (i < first.size() && j < second.size()) {
            BatchInfo x = first.get(i);
            BatchInfo y = second.get(j);
            if (x.lastOffset() < y.baseOffset()) {
                i++;
            } else if (y.lastOffset() < x.baseOffset()) {
                j++;
            } else if (identical(x, y)) {
                same++;
                i++;
                j++;
            } else {
                return new FirstDifference(x, y, i, j, same);
            }
        }
        return new FirstDifference(null, null, i, j, same);
    }

    /** Same offsets, epoch and stored CRC: the same batch. */
    static boolean identical(BatchInfo x, BatchInfo y) {
        return x.sameBatchAs(y) && x.leaderEpoch() == y.leaderEpoch();
    }

    boolean differs() {
        return a != null;
    }

    /** The offset where the logs first differ: the lower base offset of the two batches. */
    long offset() {
        return Math.min(a.baseOffset(), b.baseOffset());
    }

    /**
     * After the difference, a batch both logs hold at one base offset with one epoch (the first such), which log
     * matching says cannot follow a difference.
     */
    Optional<BatchInfo> laterMatch(List<BatchInfo> first, List<BatchInfo> second) {
        Map<Long, Integer> epochs = new HashMap<>();
        for (int k = indexB; k < second.size(); k++) epochs.put(second.get(k).baseOffset(), second.get(k).leaderEpoch());
        for (int k = indexA; k < first.size(); k++) {
            BatchInfo x = first.get(k);
            Integer e = epochs.get(x.baseOffset());
            if (e != null && e == x.leaderEpoch()) return Optional.of(x);
        }
        return Optional.empty();
    }
}
