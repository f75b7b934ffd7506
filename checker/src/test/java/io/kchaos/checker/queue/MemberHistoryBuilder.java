package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.util.ArrayList;
import java.util.List;

/**
 * The part the group and share test-history builders share: lines with consecutive indexes, acknowledged sends and the
 * final drain of partition 0 (values at offsets equal to them); each builder says when its next line happens and what
 * its failed or indeterminate ops say.
 */
public abstract class MemberHistoryBuilder<B extends MemberHistoryBuilder<B>> {
    private final List<Op> ops = new ArrayList<>();
    private final String errorText;

    protected MemberHistoryBuilder(String errorText) {
        this.errorText = errorText;
    }

    /** The time of the line about to be appended, which is line number {@code index}. */
    protected abstract long nextTime(int index);

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }

    public B line(int process, OpType type, String f, JsonNode value) {
        ops.add(new Op(ops.size(), nextTime(ops.size()), process, type, f, value == null ? NullNode.getInstance() : value,
                type == OpType.FAIL || type == OpType.INFO ? errorText : null));
        return self();
    }

    /** Acknowledged sends of values to partition 0 at offsets equal to the values (process 100). */
    public B sends(long... values) {
        for (long v : values) {
            ObjectNode inv = Json.object().put("key", "k").put("value", v);
            line(100, OpType.INVOKE, "send", inv).line(100, OpType.OK, "send", inv.deepCopy().put("partition", 0).put("offset", v));
        }
        return self();
    }

    /** The final drain: partition 0 read completely, holding these values at offsets equal to them. */
    public B drain(long... values) {
        return line(98, OpType.INVOKE, "drain", null).line(98, OpType.OK, "drain", drained(values));
    }

    /** The final drain, begun at partition 0's log start offset {@code startOffset} (retention deleted what lies below). */
    public B drainFrom(long startOffset, long... values) {
        ObjectNode v = drained(values);
        v.putObject("start-offsets").put("0", startOffset);
        return line(98, OpType.INVOKE, "drain", null).line(98, OpType.OK, "drain", v);
    }

    private static ObjectNode drained(long... values) {
        ObjectNode v = Json.object();
        ArrayNode a = v.putArray("records");
        for (long x : values) a.addObject().put("partition", 0).put("offset", x).put("key", "k").put("value", x);
        v.putObject("end-offsets").put("0", values.length == 0 ? 0 : values[values.length - 1] + 1);
        return v;
    }

    /** The index of the last line. */
    public long last() {
        return ops.size() - 1;
    }

    public History build() {
        return History.of(List.copyOf(ops));
    }
}
