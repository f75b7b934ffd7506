package io.kchaos.checker.txn.graph;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Each partition's committed records in offset order, with the transaction that wrote each: the version order the ww
 * and rw edges follow (aborted records and control markers are not in it, so a read_committed gap is no gap here).
 */
final class CommittedRecords {
    /** One partition's records: offsets and writers, sorted by offset by {@link #sort}. */
    private static final class Log {
        long[] offsets = new long[16];
        int[] writers = new int[16];
        int size;

        void add(long offset, int writer) {
            if (size == offsets.length) {
                offsets = Arrays.copyOf(offsets, size * 2);
                writers = Arrays.copyOf(writers, size * 2);
            }
            offsets[size] = offset;
            writers[size] = writer;
            size++;
        }

        void sort() {
            boolean sorted = true;
            for (int i = 1; i < size && sorted; i++) sorted = offsets[i - 1] <= offsets[i];
            if (sorted) return;
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) order[i] = i;
            Arrays.sort(order, (x, y) -> Long.compare(offsets[x], offsets[y]));
            long[] o = new long[size];
            int[] w = new int[size];
            for (int i = 0; i < size; i++) {
                o[i] = offsets[order[i]];
                w[i] = writers[order[i]];
            }
            offsets = o;
            writers = w;
        }

        /** The position of the first record above offset, or size. */
        int after(long offset) {
            int lo = 0;
            int hi = size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (offsets[mid] <= offset) lo = mid + 1;
                else hi = mid;
            }
            return lo;
        }
    }

    private final Map<Integer, Log> logs = new HashMap<>();

    void add(int writer, int partition, long offset) {
        logs.computeIfAbsent(partition, p -> new Log()).add(offset, writer);
    }

    /** ww edges: each record's writer to the next record's writer (none between two records of one transaction). */
    void wwEdges(EdgeList out) {
        logs.forEach((p, log) -> {
            log.sort();
            for (int i = 1; i < log.size; i++) {
                out.add(log.writers[i - 1], log.writers[i], EdgeKind.WW, p, log.offsets[i - 1], log.offsets[i]);
            }
        });
    }

    /** The rw edge of a reader that saw partition up to offset: to the writer of the next committed record, if any (after {@link #wwEdges}, which sorts). */
    void rwEdge(int reader, int partition, long offset, EdgeList out) {
        Log log = logs.get(partition);
        if (log == null) return;
        int next = log.after(offset);
        if (next < log.size) out.add(reader, log.writers[next], EdgeKind.RW, partition, offset, log.offsets[next]);
    }
}
