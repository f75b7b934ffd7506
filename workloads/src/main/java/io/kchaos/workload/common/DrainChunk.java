package io.kchaos.workload.common;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.DrainFields;
import io.kchaos.history.Json;
import io.kchaos.workload.ReadRecord;

import java.util.List;
import java.util.SortedMap;

/**
 * The value of one {@code drain} op: some of the drain's records, and the end offsets of the partitions whose
 * complete read this op finishes, with the log start offsets their reads began at; the last op also tells where the
 * drain stopped in each partition it did not read completely ({@link DrainStop}).
 */
record DrainChunk(List<ReadRecord> records, SortedMap<Integer, Long> endOffsets, SortedMap<Integer, Long> startOffsets,
        SortedMap<Integer, DrainStop> unfinished) {

    /**
     * {@code {"records": [...], "end-offsets": {"0": 912, ...}, "start-offsets": {"0": 0, ...}}}, plus
     * {@code "unfinished": {"1": {...}}} when some partition's read did not complete.
     */
    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.set("records", ReadRecord.toJson(records));
        putOffsets(o.putObject(DrainFields.END_OFFSETS), endOffsets);
        putOffsets(o.putObject(DrainFields.START_OFFSETS), startOffsets);
        if (!unfinished.isEmpty()) {
            ObjectNode u = o.putObject(DrainFields.UNFINISHED);
            unfinished.forEach((p, stop) -> stop.into(u.putObject(String.valueOf(p))));
        }
        return o;
    }

    private static void putOffsets(ObjectNode into, SortedMap<Integer, Long> offsets) {
        offsets.forEach((p, offset) -> into.put(String.valueOf(p), offset));
    }
}
