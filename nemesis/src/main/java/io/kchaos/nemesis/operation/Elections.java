package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.OperationFields;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.EffectWait;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Leader elections through {@code Admin.electLeaders}, recorded into an op's value: the leaders before, what Kafka
 * answered for each partition, and the leaders after, read back once every partition Kafka elected is led by the
 * replica the election is for (the preferred replica; for an unclean election, a replica outside the ISR read before
 * the request) within the context's {@code effectBound}. {@code elected} counts, and {@code elected-partitions} names, the
 * partitions Kafka elected whose leader read back changed: 0 when the election moved nothing.
 */
public final class Elections {
    private Elections() {
    }

    /** A preferred election of {@code partitions}, its record written into {@code value}. */
    static void preferred(NemesisContext ctx, Set<Integer> partitions, ObjectNode value) {
        elect(ctx, false, partitions, value);
    }

    /** An election of {@code partitions} (unclean: a replica outside the ISR becomes leader), recorded into {@code value}. */
    public static void elect(NemesisContext ctx, boolean unclean, Set<Integer> partitions, ObjectNode value) {
        Map<Integer, Optional<Integer>> before = leaders(ctx, partitions);
        value.set(OperationFields.LEADERS_BEFORE, json(before, value));
        Map<Integer, List<Integer>> isrBefore = new TreeMap<>();
        if (unclean) {
            ObjectNode isrs = value.putObject(OperationFields.ISR_BEFORE);
            partitions.stream().sorted().forEach(p -> {
                isrBefore.put(p, ctx.topic().isr(p));
                ArrayNode a = isrs.putArray(Integer.toString(p));
                isrBefore.get(p).forEach(a::add);
            });
        }
        Map<Integer, String> results = ctx.operations().electLeaders(unclean, partitions);
        ObjectNode r = value.putObject(OperationFields.RESULTS);
        results.forEach((p, outcome) -> r.put(Integer.toString(p), outcome));
        List<Integer> asked = results.entrySet().stream().filter(e -> e.getValue().equals("ok")).map(Map.Entry::getKey).toList();
        try {
            EffectWait.until("the elected leaders", ctx.effectBound(), () -> asked.stream().allMatch(p -> holds(ctx, p, unclean ? isrBefore.get(p) : null)),
                    ok -> ok, ok -> "partitions " + asked + " without the leader elected" + (unclean ? " outside the ISR before " + isrBefore : ""));
        } finally {
            Map<Integer, Optional<Integer>> after = leaders(ctx, partitions);
            value.set(OperationFields.LEADERS_AFTER, json(after, value));
            List<Integer> moved = asked.stream().filter(p -> after.get(p).isPresent() && !Objects.equals(after.get(p), before.get(p))).toList();
            value.put(OperationFields.ELECTED, moved.size());
            moved.forEach(value.putArray(OperationFields.ELECTED_PARTITIONS)::add);
        }
    }

    /**
     * True when the partition's leader, read back, is the one its election is for: a replica outside {@code isrBefore}
     * (an unclean election), or, with {@code isrBefore} null, its first replica (a preferred one).
     */
    private static boolean holds(NemesisContext ctx, int partition, List<Integer> isrBefore) {
        Optional<Integer> leader = ctx.topic().leader(partition);
        List<Integer> replicas = ctx.topic().replicas(partition);
        if (leader.isEmpty() || replicas.isEmpty()) return false;
        if (isrBefore != null) return replicas.contains(leader.get()) && !isrBefore.contains(leader.get());
        return leader.get().equals(replicas.get(0));
    }

    private static Map<Integer, Optional<Integer>> leaders(NemesisContext ctx, Set<Integer> partitions) {
        Map<Integer, Optional<Integer>> out = new TreeMap<>();
        partitions.forEach(p -> out.put(p, ctx.topic().leader(p)));
        return out;
    }

    private static ObjectNode json(Map<Integer, Optional<Integer>> leaders, ObjectNode value) {
        ObjectNode out = value.objectNode();
        leaders.forEach((p, l) -> {
            if (l.isPresent()) out.put(Integer.toString(p), l.get());
            else out.putNull(Integer.toString(p));
        });
        return out;
    }
}
