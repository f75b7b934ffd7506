package io.kchaos.checker.group;

import io.kchaos.checker.queue.RetentionPolicy;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.checker.queue.MemberHistoryBuilder;
import io.kchaos.checker.result.CheckResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Builds small consumer-group histories for tests; each call appends lines with consecutive indexes and times. */
final class GroupHistory extends MemberHistoryBuilder<GroupHistory> {
    /** A record polled: value at (partition, offset). */
    record R(int partition, long offset, long value) {
    }

    private final List<ObjectNode> events = new ArrayList<>();

    static R r(int partition, long offset, long value) {
        return new R(partition, offset, value);
    }

    GroupHistory() {
        super("TimeoutException: test");
    }

    @Override
    protected long nextTime(int index) {
        return index * 1000L;
    }

    GroupHistory subscribe(int process, boolean autoCommit) {
        ObjectNode v = Json.object().put("topic", "t").put("group", "g").put("auto-commit", autoCommit);
        return line(process, OpType.INVOKE, "subscribe", v).line(process, OpType.OK, "subscribe", v);
    }

    /** The next poll's rebalance log gets an assignment with these positions. */
    GroupHistory assigned(Map<Integer, Long> positions) {
        ObjectNode e = Json.object();
        ArrayNode a = e.putArray("assigned");
        ObjectNode pos = e.putObject("positions");
        new TreeMap<>(positions).forEach((p, o) -> {
            a.add(p);
            if (o >= 0) pos.put(String.valueOf(p), o);
        });
        events.add(e);
        return this;
    }

    /** The next poll's rebalance log gets a revocation. */
    GroupHistory revoked(int... partitions) {
        ObjectNode e = Json.object();
        ArrayNode a = e.putArray("revoked");
        for (int p : partitions) a.add(p);
        events.add(e);
        return this;
    }

    /** A poll that returned these records, after the rebalance events queued since the last poll. */
    GroupHistory poll(int process, R... records) {
        ObjectNode v = Json.object();
        ArrayNode a = v.putArray("records");
        for (R r : records) a.addObject().put("partition", r.partition()).put("offset", r.offset()).put("key", "k").put("value", r.value());
        if (!events.isEmpty()) {
            ArrayNode log = v.putArray("rebalance");
            events.forEach(log::add);
            events.clear();
        }
        return line(process, OpType.INVOKE, "poll", null).line(process, OpType.OK, "poll", v);
    }

    GroupHistory commitInvoke(int process, Map<Integer, Long> offsets) {
        return line(process, OpType.INVOKE, "commit", Json.object().set("offsets", offsets(offsets)));
    }

    /** A commit's completion; committed (the broker's answer) only for ok. */
    GroupHistory commitComplete(int process, OpType type, Map<Integer, Long> offsets, Map<Integer, Long> committed) {
        ObjectNode v = Json.object();
        v.set("offsets", offsets(offsets));
        if (committed != null) v.set("committed", offsets(committed));
        return line(process, type, "commit", v);
    }

    GroupHistory commit(int process, Map<Integer, Long> offsets) {
        return commitInvoke(process, offsets).commitComplete(process, OpType.OK, offsets, offsets);
    }

    GroupHistory crash(int process) {
        return line(process, OpType.INVOKE, "crash", null).line(process, OpType.INFO, "crash", null);
    }

    GroupHistory reset(int process, Map<Integer, Long> offsets) {
        ObjectNode v = Json.object();
        v.set("offsets", offsets(offsets));
        return line(process, OpType.INVOKE, "reset", v).line(process, OpType.OK, "reset", v);
    }

    /** The end phase: the group's committed offsets reached these end offsets. */
    GroupHistory catchUp(Map<Integer, Long> ends) {
        ObjectNode v = Json.object();
        v.set("end-offsets", offsets(ends));
        v.set("committed", offsets(ends));
        return line(99, OpType.INVOKE, "catch-up", null).line(99, OpType.OK, "catch-up", v);
    }

    CheckResult check() {
        return new GroupChecker().check(build());
    }

    /** Judged against a recorded retention policy. */
    CheckResult check(RetentionPolicy retention) {
        return new GroupChecker(java.util.Optional.of(retention)).check(build());
    }

    private static ObjectNode offsets(Map<Integer, Long> m) {
        ObjectNode o = Json.object();
        new TreeMap<>(m).forEach((p, v) -> o.put(String.valueOf(p), v));
        return o;
    }
}
