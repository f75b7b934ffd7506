package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.nemesis.NemesisContext;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One reassignment as an operator runs it: the replica sets before and after, by partition, the throttle it moves
 * under, and how long it may take. {@link #value()} is its op's value; {@link #runToCompletion} asks Kafka and waits
 * until the new replica sets are in place, throttled for the move and unthrottled after it.
 *
 * @param from     each partition's replicas before
 * @param to       each partition's replicas after
 * @param throttle bytes a second each way for the moving replicas; 0: none
 * @param bound    how long the move may take before it is recorded as not held
 */
record Move(Map<Integer, List<Integer>> from, Map<Integer, List<Integer>> to, long throttle, Duration bound) {
    Move {
        from = Map.copyOf(new LinkedHashMap<>(from));
        to = Map.copyOf(new LinkedHashMap<>(to));
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
        ArrayNode ps = v.putArray("partitions");
        new TreeSet<>(to.keySet()).forEach(ps::add);
        put(v.putObject("from"), from);
        put(v.putObject("to"), to);
        ArrayNode n = v.putArray("nodes");
        nodes().forEach(n::add);
        if (throttle > 0) v.put("throttle-bytes", throttle);
        return v;
    }

    /** Throttles (when asked), asks for the move, waits until it completed (into {@code value}), and lifts the throttle, read back. */
    void runToCompletion(NemesisContext ctx, ObjectNode value) {
        long started = System.nanoTime();
        Runnable move = () -> {
            ctx.operations().reassign(to);
            MoveWatch.awaitDone(ctx, to, value, started, bound);
        };
        if (throttle == 0) {
            move.run();
            return;
        }
        ctx.operations().throttle(nodes(), throttle);
        Throttles.liftAfter(ctx, nodes(), move);
    }

    private static void put(ObjectNode into, Map<Integer, List<Integer>> sets) {
        new TreeSet<>(sets.keySet()).forEach(p -> {
            ArrayNode a = into.putArray(Integer.toString(p));
            sets.get(p).forEach(a::add);
        });
    }
}
