package io.kchaos.checker.share;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.queue.MemberHistoryBuilder;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;

import java.util.Map;
import java.util.TreeMap;

/**
 * Builds small share-group histories for tests: records of partition 0 at offsets equal to their values, a lock of
 * 30 s and a delivery limit of 5 unless told otherwise; each line is 1 ms after the previous one, {@link #after}
 * moves the clock on.
 */
final class ShareHistory extends MemberHistoryBuilder<ShareHistory> {
    static final long LOCK_MS = 30_000;
    private final Map<Integer, Long> lastPollInvoke = new TreeMap<>();
    private long now;
    private int limit = 5;

    ShareHistory limit(int deliveryLimit) {
        this.limit = deliveryLimit;
        return this;
    }

    ShareHistory() {
        super("InvalidRecordStateException: test");
    }

    @Override
    protected long nextTime(int index) {
        now += 1_000_000;
        return now;
    }

    /** Moves the clock on by seconds. */
    ShareHistory after(long seconds) {
        now += seconds * 1_000_000_000L;
        return this;
    }

    ShareHistory subscribe(int process) {
        ObjectNode v = Json.object().put("topic", "t").put("group", "g").put("lock-ms", LOCK_MS).put("delivery-limit", limit);
        return line(process, OpType.INVOKE, "share-subscribe", v).line(process, OpType.OK, "share-subscribe", v);
    }

    /** A poll returning the records (value, delivery count) pairs: {@code poll(1, 0, 1, 3, 2)} is value 0 (count 1), 3 (count 2). */
    ShareHistory poll(int process, long... valueAndCount) {
        long invokeTime = now + 1_000_000;
        long lockFrom = lastPollInvoke.getOrDefault(process, invokeTime);
        lastPollInvoke.put(process, invokeTime);
        line(process, OpType.INVOKE, "share-poll", null);
        ObjectNode v = Json.object();
        ArrayNode a = v.putArray("records");
        for (int i = 0; i < valueAndCount.length; i += 2) {
            a.addObject().put("partition", 0).put("offset", valueAndCount[i]).put("key", "k").put("value", valueAndCount[i])
                    .put("delivery-count", valueAndCount[i + 1]).put("lock-until", lockFrom + LOCK_MS * 1_000_000);
        }
        return line(process, OpType.OK, "share-poll", v);
    }

    ShareHistory ackInvoke(int process, String type, long... values) {
        ObjectNode v = Json.object();
        ArrayNode a = v.putArray("acks");
        for (long x : values) a.addObject().put("partition", 0).put("offset", x).put("value", x).put("type", type);
        return line(process, OpType.INVOKE, "share-ack", v);
    }

    ShareHistory ackComplete(int process, OpType outcome, String type, long... values) {
        ObjectNode v = Json.object();
        ArrayNode a = v.putArray("acks");
        for (long x : values) a.addObject().put("partition", 0).put("offset", x).put("value", x).put("type", type);
        v.putObject("results").put("0", outcome.wire());
        return line(process, outcome, "share-ack", v);
    }

    ShareHistory ack(int process, String type, OpType outcome, long... values) {
        return ackInvoke(process, type, values).ackComplete(process, outcome, type, values);
    }

    ShareHistory crash(int process) {
        return line(process, OpType.INVOKE, "share-crash", null).line(process, OpType.INFO, "share-crash", null);
    }

    /** The final catch-up: the group's start offset of partition 0 and its end offset. */
    ShareHistory catchUp(long groupStart, long end) {
        return catchUp(groupStart, end, (String[]) null);
    }

    /** The catch-up of partition 0, naming the client ids it was then assigned to (null: no assignment recorded). */
    ShareHistory catchUp(long groupStart, long end, String... assignedTo) {
        ObjectNode v = Json.object();
        v.putObject("end-offsets").put("0", end);
        v.putObject("group-start-offsets").put("0", groupStart);
        if (assignedTo != null) {
            ObjectNode a = v.putObject("assignment");
            for (String c : assignedTo) a.withArray("0").add(c);
        }
        return line(99, OpType.INVOKE, "share-catch-up", null).line(99, groupStart >= end ? OpType.OK : OpType.INFO,
                "share-catch-up", v);
    }

    CheckResult check() {
        return new ShareChecker().check(build());
    }
}
