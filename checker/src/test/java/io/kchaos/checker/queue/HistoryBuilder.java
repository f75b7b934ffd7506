package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpCodec;
import io.kchaos.history.OpType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds small queue histories for tests; each call appends lines with consecutive indexes and times. */
final class HistoryBuilder {
    /** One record of a poll or drain. */
    record Rec(int partition, long offset, long value) {
    }

    private final List<Op> ops = new ArrayList<>();
    private long shift;

    static Rec rec(int partition, long offset, long value) {
        return new Rec(partition, offset, value);
    }

    HistoryBuilder line(int process, OpType type, String f, JsonNode value) {
        ops.add(new Op(ops.size(), ops.size() * 1000L + shift, process, type, f, value == null ? NullNode.getInstance() : value,
                type == OpType.FAIL || type == OpType.INFO ? "TimeoutException: test" : null));
        return this;
    }

    HistoryBuilder sendInvoke(int process, long value) {
        return line(process, OpType.INVOKE, "send", sendValue(value));
    }

    /** The ok completion of a send (without invocation). */
    HistoryBuilder sendOk(int process, long value, int partition, long offset) {
        return line(process, OpType.OK, "send", sendValue(value).put("partition", partition).put("offset", offset));
    }

    /** An invocation and its ok completion. */
    HistoryBuilder send(int process, long value, int partition, long offset) {
        return sendInvoke(process, value).sendOk(process, value, partition, offset);
    }

    HistoryBuilder sendFail(int process, long value) {
        return sendInvoke(process, value).line(process, OpType.FAIL, "send", sendValue(value));
    }

    HistoryBuilder sendInfo(int process, long value) {
        return sendInvoke(process, value).line(process, OpType.INFO, "send", sendValue(value));
    }

    /** A poll invocation and its ok completion with these records. */
    HistoryBuilder poll(int process, Rec... records) {
        return line(process, OpType.INVOKE, "poll", null).line(process, OpType.OK, "poll", records(records));
    }

    /** A poll whose invocation declares a seek of these partitions (to the given offsets). */
    HistoryBuilder pollAfterSeek(int process, Map<Integer, Long> seek, Rec... records) {
        ObjectNode inv = Json.object();
        ObjectNode s = inv.putObject("seek");
        seek.forEach((p, o) -> s.put(String.valueOf(p), o));
        return line(process, OpType.INVOKE, "poll", inv).line(process, OpType.OK, "poll", records(records));
    }

    /** A drain op that completes the read of the partitions in endOffsets. */
    HistoryBuilder drain(int process, Map<Integer, Long> endOffsets, Rec... records) {
        return drainFrom(process, Map.of(), endOffsets, records);
    }

    /**
     * A drain op that began each partition in startOffsets at that log start offset and read it to endOffsets; with
     * no start offsets it writes no {@code start-offsets}, as histories recorded before them.
     */
    HistoryBuilder drainFrom(int process, Map<Integer, Long> startOffsets, Map<Integer, Long> endOffsets, Rec... records) {
        ObjectNode ok = records(records);
        ObjectNode ends = ok.putObject("end-offsets");
        endOffsets.forEach((p, o) -> ends.put(String.valueOf(p), o));
        if (!startOffsets.isEmpty()) {
            ObjectNode starts = ok.putObject("start-offsets");
            startOffsets.forEach((p, o) -> starts.put(String.valueOf(p), o));
        }
        return line(process, OpType.INVOKE, "drain", null).line(process, OpType.OK, "drain", ok);
    }

    /**
     * A drain op that read the partitions in endOffsets completely and stopped in {@code partition} at {@code position}
     * short of {@code end}, as its {@code unfinished} records (error and leader null: none).
     */
    HistoryBuilder drainStopped(int process, Map<Integer, Long> endOffsets, int partition, long position, long end, String error,
            long stalledMs, Integer leader, Rec... records) {
        ObjectNode ok = records(records);
        ObjectNode ends = ok.putObject("end-offsets");
        endOffsets.forEach((p, o) -> ends.put(String.valueOf(p), o));
        ObjectNode stop = ok.putObject("unfinished").putObject(String.valueOf(partition));
        stop.put("position", position).put("end-offset", end).put("error", error).put("stalled-ms", stalledMs);
        if (leader == null) stop.putNull("leader");
        else stop.put("leader", leader);
        return line(process, OpType.INVOKE, "drain", null).line(process, OpType.OK, "drain", ok);
    }

    /** Lets {@code nanos} pass before the next line (lines are otherwise 1 µs apart). */
    HistoryBuilder after(long nanos) {
        shift += nanos;
        return this;
    }

    /** A nemesis op on node 1: its invocation and an ok completion (the effect held). */
    HistoryBuilder nemesisOk(String f) {
        ObjectNode v = Json.object();
        v.putArray("nodes").add(1);
        return line(Op.NEMESIS, OpType.INVOKE, f, v).line(Op.NEMESIS, OpType.OK, f, v);
    }

    HistoryBuilder nemesis(String f) {
        ObjectNode v = Json.object();
        v.putArray("nodes").add(1);
        return line(Op.NEMESIS, OpType.INVOKE, f, v).line(Op.NEMESIS, OpType.INFO, f, v);
    }

    /** The index of the last line added. */
    long last() {
        return ops.size() - 1;
    }

    History build() {
        return History.of(List.copyOf(ops));
    }

    /** The history as history.jsonl lines. */
    List<String> lines() {
        return ops.stream().map(OpCodec::toLine).toList();
    }

    private static ObjectNode sendValue(long value) {
        return Json.object().put("key", "k" + (value % 5)).put("value", value);
    }

    private static ObjectNode records(Rec... records) {
        ObjectNode v = Json.object();
        ArrayNode a = v.putArray("records");
        for (Rec r : records) {
            a.addObject().put("partition", r.partition()).put("offset", r.offset()).put("key", "k" + (r.value() % 5))
                    .put("value", r.value());
        }
        return v;
    }
}
