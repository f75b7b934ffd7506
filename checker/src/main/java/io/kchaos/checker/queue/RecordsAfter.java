package io.kchaos.checker.queue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * An upper bound on how many records a partition's log, on any replica and at any moment, held above a record whose
 * send was invoked at time t. Such a record was appended after that one, so its send was not over before t: it is a
 * send acknowledged in the partition at or after t, a send that ended neither ok nor fail (or failed at or after t:
 * an aborted transaction's records stay in the log), or a record read but sent by no op of the history; a
 * transaction's control records add at most one each. With idempotent producers a send has at most one record in one
 * log at a time; each value read at more than one position counts once more per extra position. Built once, on first use.
 */
final class RecordsAfter {
    private final ValueTable values;
    private final long controlRecords;
    private Map<Integer, long[]> ackTimes;
    private Map<Integer, long[]> unsentReadOffsets;
    private long[] failTimes;
    private long unacked;
    private long extraPositions;

    RecordsAfter(ValueTable values, long controlRecords) {
        this.values = values;
        this.controlRecords = controlRecords;
    }

    /** The bound for the record at (partition, offset) holding value id {@code self} (-1: no send of the history). */
    long atMost(int partition, long offset, int self, long sendTime) {
        if (ackTimes == null) build();
        long n = atOrAfter(ackTimes.get(partition), sendTime)
                + unacked - before(failTimes, sendTime)
                + above(unsentReadOffsets.get(partition), offset)
                + extraPositions + controlRecords;
        if (self >= 0 && values.has(self, ValueTable.ACKED) && values.ackPartition(self) == partition) n--; // itself
        return Math.max(0, n);
    }

    private void build() {
        Map<Integer, LongList> acks = new HashMap<>();
        Map<Integer, LongList> unsent = new HashMap<>();
        LongList fails = new LongList();
        for (int id = 0; id < values.size(); id++) {
            if (values.has(id, ValueTable.ACKED)) {
                acks.computeIfAbsent(values.ackPartition(id), k -> new LongList()).add(values.completionTime(id));
            } else if (values.has(id, ValueTable.SENT)) {
                unacked++;
                if (values.has(id, ValueTable.FAILED)) fails.add(values.completionTime(id));
            } else {
                for (ValueTable.ReadAt r : values.reads(id)) unsent.computeIfAbsent(r.partition(), k -> new LongList()).add(r.offset());
            }
            if (values.has(id, ValueTable.READ)) extraPositions += values.reads(id).size() - 1;
        }
        ackTimes = sorted(acks);
        unsentReadOffsets = sorted(unsent);
        failTimes = fails.sorted();
    }

    private static Map<Integer, long[]> sorted(Map<Integer, LongList> lists) {
        Map<Integer, long[]> out = new HashMap<>();
        lists.forEach((p, l) -> out.put(p, l.sorted()));
        return out;
    }

    /** How many of the sorted a are at or above x. */
    private static long atOrAfter(long[] a, long x) {
        return a == null ? 0 : a.length - firstAtOrAbove(a, x);
    }

    /** How many of the sorted a are below x. */
    private static long before(long[] a, long x) {
        return a == null ? 0 : firstAtOrAbove(a, x);
    }

    /** How many of the sorted a are strictly above x. */
    private static long above(long[] a, long x) {
        return a == null ? 0 : a.length - firstAtOrAbove(a, x + 1);
    }

    private static int firstAtOrAbove(long[] a, long x) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < x) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** A growable list of longs. */
    private static final class LongList {
        private long[] a = new long[16];
        private int n;

        void add(long v) {
            if (n == a.length) a = Arrays.copyOf(a, n * 2);
            a[n++] = v;
        }

        long[] sorted() {
            long[] out = Arrays.copyOf(a, n);
            Arrays.sort(out);
            return out;
        }
    }
}
