package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;

import java.util.HashMap;
import java.util.Map;

/** How many client ops of each f ended ok, fail or info (an invocation without completion counts as info). */
final class OpCounts {
    private final Map<String, long[]> byF = new HashMap<>();

    void add(String f, OpType type) {
        if (!type.isCompletion()) throw new IllegalArgumentException("not a completion: " + type);
        byF.computeIfAbsent(f, k -> new long[3])[type.ordinal() - 1]++;
    }

    long get(String f, OpType type) {
        long[] c = byF.get(f);
        return c == null ? 0 : c[type.ordinal() - 1];
    }

    /** {@code {"ok": n, "fail": n, "info": n}} for f. */
    ObjectNode toJson(String f) {
        ObjectNode o = Json.object();
        for (OpType t : new OpType[] {OpType.OK, OpType.FAIL, OpType.INFO}) o.put(t.wire(), get(f, t));
        return o;
    }
}
