package io.kchaos.checker.queue;

import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.checker.result.CheckResult;

import java.util.Map;

/**
 * The per-process order checks of the pass: one process's acknowledged sends to a partition get increasing offsets,
 * and one consumer's reads of a partition go forward (a declared seek forgets the position). Backward steps are
 * reported at once; forward jumps are kept in {@link PollJumps} and judged once every known record is known.
 */
final class ProcessOrders {
    private final CheckResult result;
    private final PollJumps jumps;

    ProcessOrders(CheckResult result, PollJumps jumps) {
        this.result = result;
        this.jumps = jumps;
    }

    void sent(Map<Integer, Cursor> sends, int process, int partition, long offset, long value, long index) {
        Cursor last = sends.get(partition);
        if (last == null) {
            sends.put(partition, new Cursor(offset, value, index));
            return;
        }
        if (offset < last.offset) {
            result.anomaly(Anomalies.NONMONOTONIC_SEND.key(), step(process, partition, offset, value, index, last));
        }
        last.move(offset, value, index);
    }

    void read(Map<Integer, Cursor> reads, int process, int partition, long offset, long value, long index) {
        Cursor last = reads.get(partition);
        if (last == null) {
            reads.put(partition, new Cursor(offset, value, index));
            return;
        }
        if (offset <= last.offset) {
            result.anomaly(Anomalies.NONMONOTONIC_POLL.key(), step(process, partition, offset, value, index, last));
        } else if (offset > last.offset + 1) {
            jumps.add(process, partition, last.offset, last.index, offset, index);
        }
        last.move(offset, value, index);
    }

    /** A declared seek: the next read of the partition may be anywhere. */
    void seek(Map<Integer, Cursor> reads, int partition) {
        reads.remove(partition);
    }

    private static ObjectNode step(int process, int partition, long offset, long value, long index, Cursor previous) {
        ObjectNode o = Json.object();
        o.put("process", process);
        o.put("partition", partition);
        o.put("offset", offset);
        o.put("value", value);
        o.put("index", index);
        o.put("previous-offset", previous.offset);
        o.put("previous-value", previous.value);
        o.put("previous-index", previous.index);
        return o;
    }
}
