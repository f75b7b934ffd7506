package io.kchaos.workload.common;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.workload.ReadRecord;

import java.util.List;
import java.util.SortedMap;

/**
 * The value of one {@code drain} op: some of the drain's records, and the end offsets of the partitions whose
 * complete read this op finishes, with the log start offsets their reads began at.
 */
record DrainChunk(List<ReadRecord> records, SortedMap<Integer, Long> endOffsets, SortedMap<Integer, Long> startOffsets) {

    /** {@code {"records": [...], "end-offsets": {"0": 912, ...}, "start-offsets": {"0": 0, ...}}} */
    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.set("records", ReadRecord.toJson(records));
        putOffsets(o.putObject("end-offsets"), endOffsets);
        putOffsets(o.putObject("start-offsets"), startOffsets);
        return o;
    }

    private static void putOffsets(ObjectNode into, SortedMap<Integer, Long> offsets) {
        offsets.forEach((p, offset) -> into.put(String.valueOf(p), offset));
    }
}
