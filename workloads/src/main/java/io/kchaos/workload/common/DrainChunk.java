package io.kchaos.workload.common;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.util.List;
import java.util.SortedMap;

/**
 * The value of one {@code drain} op: some of the drain's records, and the end offsets of the partitions whose
 * complete read this op finishes.
 */
record DrainChunk(List<ReadRecord> records, SortedMap<Integer, Long> endOffsets) {

    /** {@code {"records": [...], "end-offsets": {"0": 912, ...}}} */
    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.set("records", ReadRecord.toJson(records));
        ObjectNode ends = o.putObject("end-offsets");
        endOffsets.forEach((p, end) -> ends.put(String.valueOf(p), end));
        return o;
    }
}
