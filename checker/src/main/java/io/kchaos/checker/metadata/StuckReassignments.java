package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.OpType;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code reassignment-stuck} (definition in the anomaly catalogue) judged on the reassign ops that did not complete
 * within their bound: what the nemesis read back then ({@code from}, {@code to}, {@code isr-after}, {@code still-listed})
 * decides whether Kafka had everything it needs to complete the move.
 */
public final class StuckReassignments {
    private StuckReassignments() {
    }

    public static CheckResult judge(History history) {
        CheckResult r = new CheckResult();
        history.forEach(op -> {
            if (!op.isNemesis() || op.type() != OpType.INFO || !NemesisOps.REASSIGN.f().equals(op.f())) return;
            JsonNode v = op.value();
            for (JsonNode listed : v.path("still-listed")) {
                String p = listed.asText();
                List<Integer> from = ints(v.path("from").path(p));
                List<Integer> to = ints(v.path("to").path(p));
                List<Integer> isr = ints(v.path("isr-after").path(p));
                List<Integer> notInIsr = stuckOn(from, to, isr);
                if (!notInIsr.isEmpty()) r.anomaly(Anomalies.REASSIGNMENT_STUCK.key(), example(listed, op.index(), from, to, isr, notInIsr));
            }
        });
        return r;
    }

    /**
     * The target replicas outside the ISR when they alone keep the move from completing: each is in both sets, every
     * added replica is in the ISR, and the target is no smaller than the old set. Empty when the move is not stuck.
     */
    static List<Integer> stuckOn(List<Integer> from, List<Integer> to, List<Integer> isr) {
        if (from.isEmpty() || to.isEmpty() || isr.isEmpty() || to.size() < from.size()) return List.of();
        Set<Integer> adding = new LinkedHashSet<>(to);
        from.forEach(adding::remove);
        if (!isr.containsAll(adding)) return List.of();
        List<Integer> out = new ArrayList<>();
        for (int replica : to) {
            if (isr.contains(replica)) continue;
            if (!from.contains(replica)) return List.of();
            out.add(replica);
        }
        return out;
    }

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asInt()));
        return out;
    }

    /** {@code partition}: as listed, a number for the workload topic's, {@code <topic>-<partition>} for another topic's (a drain's return). */
    private static ObjectNode example(JsonNode partition, long index, List<Integer> from, List<Integer> to, List<Integer> isr, List<Integer> notInIsr) {
        ObjectNode e = Json.object();
        e.set("partition", partition);
        e.put("index", index);
        put(e.putArray("from"), from);
        put(e.putArray("to"), to);
        put(e.putArray("isr-after"), isr);
        put(e.putArray("not-in-isr"), notInIsr);
        return e;
    }

    private static void put(ArrayNode into, List<Integer> values) {
        values.forEach(into::add);
    }
}
