package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The acknowledged writes the final drain did not reach: in a partition it did not read completely, at or past where
 * it stopped and below the end offset it aimed at, that retention cannot have taken. Each such partition is an
 * {@code unreadable-write} when the history proves the broker could not serve them ({@link DrainStop#provesUnservable}),
 * and otherwise leaves the verdict unknown: they are never judged fine.
 */
final class UnreachedWrites {
    private final QueueLedger ledger;
    private final ValueTable values;
    private final Map<Integer, Range> ranges = new TreeMap<>();

    UnreachedWrites(QueueLedger ledger) {
        this.ledger = ledger;
        this.values = ledger.values;
    }

    /** An acknowledged value that was not judged lost: counted when it lies where the final drain did not reach. */
    void consider(int id) {
        if (!ledger.hadDrain()) return;
        int p = values.ackPartition(id);
        long offset = values.ackOffset(id);
        DrainStop stop = ledger.partitions.get(p).drainStop();
        if (offset < 0 || stop == null || !stop.unreached(offset)) return;
        if (stop.index() >= 0 && ledger.deletions.retentionAllows(p, offset, stop.time())) return;
        ranges.computeIfAbsent(p, k -> new Range(stop)).add(id, offset);
    }

    /** Reports each partition's range: an anomaly when its stop proves the broker could not serve it, else unknown. */
    void report(CheckResult result) {
        List<String> unknown = new ArrayList<>();
        for (Range r : ranges.values()) {
            if (r.stop.provesUnservable()) result.anomaly(Anomalies.UNREADABLE_WRITE.key(), r.example());
            else unknown.add(r.describe());
        }
        if (!unknown.isEmpty()) {
            result.error("the final drain did not reach acknowledged writes, and nothing in the history says the brokers "
                    + "could not serve them: whether they are still in the log is unknown: " + String.join("; ", unknown));
        }
    }

    /** The unreached acknowledged writes of one partition. */
    private final class Range {
        final DrainStop stop;
        long writes;
        long first = Long.MAX_VALUE;
        long last = -1;
        int firstId = -1;

        Range(DrainStop stop) {
            this.stop = stop;
        }

        void add(int id, long offset) {
            writes++;
            last = Math.max(last, offset);
            if (offset < first) {
                first = offset;
                firstId = id;
            }
        }

        ObjectNode example() {
            ObjectNode o = Json.object();
            o.put("partition", stop.partition());
            o.put("first-offset", first);
            o.put("last-offset", last);
            o.put("writes", writes);
            o.put("value", values.value(firstId));
            o.put("index", values.completionIndex(firstId));
            o.put("time", values.completionTime(firstId));
            o.put("read", values.has(firstId, ValueTable.READ));
            o.put("drain-position", stop.position());
            o.put("drain-end-offset", stop.endOffset());
            if (stop.error() == null) o.putNull("drain-error");
            else o.put("drain-error", stop.error());
            o.put("stalled-ms", stop.stalledMs());
            o.put("drain-index", stop.index());
            return o;
        }

        String describe() {
            return "partition " + stop.partition() + ": " + writes + " write(s) at offsets " + first + ".." + last
                    + " (first: value " + values.value(firstId) + ", index " + values.completionIndex(firstId) + "), "
                    + "the drain " + stop.describe();
        }
    }
}
