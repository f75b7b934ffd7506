package io.kchaos.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Writes a synthetic transaction history (docs/history-txn-group.md) that is valid under the kafka model: producers
 * run overlapping transactions of 1–4 sends to random partitions (the first half sent when invoked, the rest just
 * before completing, each taking its offset when sent, so concurrent transactions' writes interleave: allowed write
 * cycles), a tenth aborted; a quarter end with a poll of the process's consumer that
 * returns only records below every open transaction's first offset (read_committed), committed ones; then drains of
 * 10,000 records read every partition completely.
 */
final class TxnHistoryGenerator {
    /** What was written. */
    record Summary(long ops, long committed, long aborted, long records) {
    }

    private static final int PARTITIONS = 8;
    private static final int PRODUCERS = 8;

    /** One producer's open transaction. */
    private static final class Open {
        long[] values;
        int[] partitions;
        long[] offsets;
        boolean abort;
        boolean poll;
    }

    private final SplittableRandom random = new SplittableRandom(42);
    private final List<List<long[]>> logs = new ArrayList<>(); // per partition: {offset, value, state: 0 open, 1 committed, 2 aborted}
    private final long[][] position = new long[PRODUCERS][PARTITIONS];
    private final boolean[] sought = new boolean[PRODUCERS];
    private final Open[] open = new Open[PRODUCERS];
    private long index;
    private long nextValue;

    private TxnHistoryGenerator() {
        for (int p = 0; p < PARTITIONS; p++) logs.add(new ArrayList<>());
    }

    static Summary write(long ops, Path file) throws IOException {
        return new TxnHistoryGenerator().run(ops, file);
    }

    private Summary run(long ops, Path file) throws IOException {
        long committed = 0;
        long aborted = 0;
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            while (index < ops - 2 * PRODUCERS - 64) {
                int p = random.nextInt(PRODUCERS);
                if (open[p] == null) invoke(w, p);
                else if (complete(w, p)) committed++;
                else aborted++;
            }
            for (int p = 0; p < PRODUCERS; p++) {
                if (open[p] == null) continue;
                if (complete(w, p)) committed++;
                else aborted++;
            }
            long records = drain(w);
            return new Summary(index, committed, aborted, records);
        }
    }

    private void invoke(BufferedWriter w, int p) throws IOException {
        Open t = new Open();
        int n = 1 + random.nextInt(4);
        t.values = new long[n];
        t.partitions = new int[n];
        t.offsets = new long[n];
        t.abort = random.nextInt(10) == 0;
        t.poll = random.nextInt(4) == 0;
        StringBuilder mops = new StringBuilder();
        for (int i = 0; i < n; i++) {
            t.values[i] = nextValue++;
            t.partitions[i] = random.nextInt(PARTITIONS);
            if (i < (n + 1) / 2) send(t, i);
            if (i > 0) mops.append(',');
            mops.append("[\"send\",\"k").append(t.values[i] % 4).append("\",").append(t.values[i])
                    .append(",{\"partition\":").append(t.partitions[i]).append("}]");
        }
        if (t.poll) mops.append(",[\"poll\"]");
        open[p] = t;
        line(w, p, "invoke", "{\"txn\":[" + mops + "],\"abort\":" + t.abort + "}", null);
    }

    /** Appends send i of t to its partition's log, taking the next offset. */
    private void send(Open t, int i) {
        List<long[]> log = logs.get(t.partitions[i]);
        t.offsets[i] = log.size();
        log.add(new long[]{log.size(), t.values[i], 0});
    }

    /** Completes producer p's transaction, sending its second half first; true when it committed. */
    private boolean complete(BufferedWriter w, int p) throws IOException {
        Open t = open[p];
        for (int i = (t.values.length + 1) / 2; i < t.values.length; i++) send(t, i);
        StringBuilder mops = new StringBuilder();
        for (int i = 0; i < t.values.length; i++) {
            if (i > 0) mops.append(',');
            mops.append("[\"send\",\"k").append(t.values[i] % 4).append("\",").append(t.values[i])
                    .append(",{\"partition\":").append(t.partitions[i]).append(",\"offset\":").append(t.offsets[i]).append("}]");
        }
        if (t.poll) mops.append(",[\"poll\",").append(poll(p)).append(']');
        for (int i = 0; i < t.values.length; i++) logs.get(t.partitions[i]).get((int) t.offsets[i])[2] = t.abort ? 2 : 1;
        open[p] = null;
        line(w, p, t.abort ? "fail" : "ok", "{\"txn\":[" + mops + "],\"abort\":" + t.abort + "}", t.abort ? "aborted deliberately" : null);
        return !t.abort;
    }

    /** A read_committed poll of one random partition from the consumer's position: up to 8 committed records below the LSO. */
    private String poll(int p) {
        StringBuilder o = new StringBuilder("{");
        if (!sought[p]) {
            sought[p] = true;
            StringBuilder seek = new StringBuilder();
            for (int q = 0; q < PARTITIONS; q++) seek.append(q == 0 ? "" : ",").append('"').append(q).append("\":0");
            o.append("\"seek\":{").append(seek).append("},");
        }
        int q = random.nextInt(PARTITIONS);
        List<long[]> log = logs.get(q);
        StringBuilder records = new StringBuilder();
        int returned = 0;
        long at = position[p][q];
        while (at < log.size() && returned < 8) {
            long[] r = log.get((int) at);
            if (r[2] == 0) break; // the first open transaction's record: the last stable offset
            if (r[2] == 1) {
                records.append(returned++ == 0 ? "" : ",").append("{\"partition\":").append(q).append(",\"offset\":").append(r[0])
                        .append(",\"key\":\"k").append(r[1] % 4).append("\",\"value\":").append(r[1]).append('}');
            }
            at++;
        }
        position[p][q] = at;
        return o.append("\"records\":[").append(records).append("]}").toString();
    }

    /** Drain ops of at most 10,000 records, the last of each partition's naming its end offset. */
    private long drain(BufferedWriter w) throws IOException {
        long records = 0;
        int process = PRODUCERS + 1;
        for (int q = 0; q < PARTITIONS; q++) {
            List<long[]> log = logs.get(q);
            int at = 0;
            do {
                StringBuilder b = new StringBuilder();
                int n = 0;
                while (at < log.size() && n < 10_000) {
                    long[] r = log.get(at++);
                    if (r[2] != 1) continue;
                    b.append(n++ == 0 ? "" : ",").append("{\"partition\":").append(q).append(",\"offset\":").append(r[0])
                            .append(",\"key\":\"k").append(r[1] % 4).append("\",\"value\":").append(r[1]).append('}');
                }
                records += n;
                String ends = at == log.size() ? ",\"end-offsets\":{\"" + q + "\":" + log.size() + "}" : "";
                line(w, process, "invoke", "null", null);
                line(w, process, "ok", "{\"records\":[" + b + "]" + ends + "}", null);
            } while (at < log.size());
        }
        return records;
    }

    private void line(BufferedWriter w, int process, String type, String value, String error) throws IOException {
        String f = value.startsWith("{\"txn\"") ? "txn" : "drain";
        w.write("{\"index\":" + index + ",\"time\":" + index * 1000 + ",\"process\":" + process + ",\"type\":\"" + type
                + "\",\"f\":\"" + f + "\",\"value\":" + value + (error == null ? "" : ",\"error\":\"" + error + "\"") + "}\n");
        index++;
    }
}
