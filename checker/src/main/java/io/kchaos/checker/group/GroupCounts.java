package io.kchaos.checker.group;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;

import java.util.Map;
import java.util.TreeMap;

/** The figures of a consumer-group history: ops by f and outcome, rebalance events, consumption and duplicates. */
final class GroupCounts {
    private final Map<String, long[]> byF = new TreeMap<>();
    long assignments;
    long revocations;
    long recordsConsumed;
    long duplicates;
    long invocationsWithoutCompletion;

    void add(String f, OpType type) {
        byF.computeIfAbsent(f, k -> new long[3])[type.ordinal() - 1]++;
    }

    /** {@code {"poll": {"ok": n, "fail": n, "info": n}, ..., "assignments": n, ...}} */
    ObjectNode toJson() {
        ObjectNode o = Json.object();
        byF.forEach((f, c) -> o.putObject(f).put("ok", c[0]).put("fail", c[1]).put("info", c[2]));
        o.put("assignments", assignments);
        o.put("revocations", revocations);
        o.put("records-consumed", recordsConsumed);
        o.put("duplicates", duplicates);
        o.put(ResultsFields.Stats.INVOCATIONS_WITHOUT_COMPLETION, invocationsWithoutCompletion);
        return o;
    }
}
