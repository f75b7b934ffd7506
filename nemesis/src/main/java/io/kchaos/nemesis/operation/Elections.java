package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.EffectWait;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Leader elections through {@code Admin.electLeaders}, recorded into an op's value: the leaders before, what Kafka
 * answered for each partition, and the leaders after, read back once every partition Kafka elected has a leader (the
 * preferred replica, for a preferred election) within {@link EffectWait#BOUND}.
 */
public final class Elections {
    private Elections() {
    }

    /** A preferred election of {@code partitions}, its record written into {@code value}. */
    static void preferred(NemesisContext ctx, Set<Integer> partitions, ObjectNode value) {
        elect(ctx, false, partitions, value);
    }

    /** An election of {@code partitions} (unclean: a replica outside the ISR may be chosen), recorded into {@code value}. */
    public static void elect(NemesisContext ctx, boolean unclean, Set<Integer> partitions, ObjectNode value) {
        value.set("leaders-before", leaders(ctx, partitions, value));
        Map<Integer, String> results = ctx.operations().electLeaders(unclean, partitions);
        ObjectNode r = value.putObject("results");
        results.forEach((p, outcome) -> r.put(Integer.toString(p), outcome));
        List<Integer> elected = results.entrySet().stream().filter(e -> e.getValue().equals("ok")).map(Map.Entry::getKey).toList();
        try {
            EffectWait.until("the elected leaders", () -> elected.stream().allMatch(p -> holds(ctx, unclean, p)), ok -> ok,
                    ok -> "partitions " + elected + " without the leader elected");
        } finally {
            value.set("leaders-after", leaders(ctx, partitions, value));
        }
    }

    private static boolean holds(NemesisContext ctx, boolean unclean, int partition) {
        Optional<Integer> leader = ctx.topic().leader(partition);
        if (unclean) return leader.isPresent();
        List<Integer> replicas = ctx.topic().replicas(partition);
        return leader.isPresent() && !replicas.isEmpty() && leader.get().equals(replicas.get(0));
    }

    private static ObjectNode leaders(NemesisContext ctx, Set<Integer> partitions, ObjectNode value) {
        ObjectNode out = value.objectNode();
        partitions.stream().sorted().forEach(p -> {
            Optional<Integer> l = ctx.topic().leader(p);
            if (l.isPresent()) out.put(Integer.toString(p), l.get());
            else out.putNull(Integer.toString(p));
        });
        return out;
    }
}
