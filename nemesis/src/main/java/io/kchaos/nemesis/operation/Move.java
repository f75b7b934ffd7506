package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.OperationFields;
import io.kchaos.nemesis.NemesisContext;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One reassignment as an operator runs it: where ({@link Placement}), the replica sets before and after, by partition,
 * the throttle it moves under, and how long it may take. {@link #value()} is its op's value; {@link #runToCompletion}
 * asks Kafka and waits until the new replica sets are in place, throttled for the move and unthrottled after it.
 *
 * @param where    which partitions the keys name, and how they are asked for and read back
 * @param from     each partition's replicas before
 * @param to       each partition's replicas after
 * @param throttle bytes a second each way for the moving replicas (the workload topic's: the throttle is set on it); 0: none
 * @param bound    how long the move may take before it is recorded as not held
 * @param <K>      how a partition is identified
 */
record Move<K>(Placement<K> where, Map<K, List<Integer>> from, Map<K, List<Integer>> to, long throttle, Duration bound) {
    Move {
        from = Map.copyOf(new LinkedHashMap<>(from));
        to = Map.copyOf(new LinkedHashMap<>(to));
    }

    /** A move of the workload topic's partitions. */
    static Move<Integer> ofWorkload(NemesisContext ctx, Map<Integer, List<Integer>> from, Map<Integer, List<Integer>> to, long throttle, Duration bound) {
        return new Move<>(new WorkloadPlacement(ctx), from, to, throttle, bound);
    }

    /** The replica sets an op's value lists in {@code sets} (e.g. its {@code "to"}), by partition, keys read with {@code key}. */
    static <K> Map<K, List<Integer>> read(JsonNode sets, Function<String, K> key) {
        Map<K, List<Integer>> out = new LinkedHashMap<>();
        sets.properties().forEach(e -> {
            List<Integer> replicas = new ArrayList<>();
            e.getValue().forEach(n -> replicas.add(n.asInt()));
            out.put(key.apply(e.getKey()), List.copyOf(replicas));
        });
        return out;
    }

    /** The same move the other way: every partition back to its replicas before. */
    Move<K> reversed() {
        return new Move<>(where, to, from, throttle, bound);
    }

    /** The brokers the move touches: every old and new replica. */
    Set<Integer> nodes() {
        Set<Integer> out = new TreeSet<>();
        from.values().forEach(out::addAll);
        to.values().forEach(out::addAll);
        return out;
    }

    /** {@code {"partitions": [..], "from": {..}, "to": {..}, "nodes": [..]}}, and the throttle when there is one. */
    ObjectNode value() {
        ObjectNode v = Json.object();
        where.listMoved(to.keySet(), v);
        put(v.putObject("from"), from);
        put(v.putObject("to"), to);
        ArrayNode n = v.putArray("nodes");
        nodes().forEach(n::add);
        if (throttle > 0) v.put(OperationFields.THROTTLE_BYTES, throttle);
        return v;
    }

    /** Throttles (when asked), asks for the move, waits until it completed (into {@code value}), and lifts the throttle, read back. */
    void runToCompletion(NemesisContext ctx, ObjectNode value) {
        long started = System.nanoTime();
        Runnable move = () -> {
            where.reassign(to);
            MoveWatch.awaitDone(where, to, value, started, bound);
        };
        if (throttle == 0) {
            move.run();
            return;
        }
        ctx.operations().throttle(nodes(), throttle);
        Throttles.liftAfter(ctx, nodes(), move);
    }

    private void put(ObjectNode into, Map<K, List<Integer>> sets) {
        sets.keySet().stream().sorted(where.order()).forEach(p -> {
            ArrayNode a = into.putArray(where.name(p));
            sets.get(p).forEach(a::add);
        });
    }
}
