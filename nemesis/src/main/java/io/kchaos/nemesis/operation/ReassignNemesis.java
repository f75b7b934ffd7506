package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code reassign}: moves a random partition's replicas to another set ({@link ReassignShape}) with
 * {@code Admin.alterPartitionReassignments}, throttled when {@code reassign-throttle} says so, and records it as one
 * op from the request until the new replica set was read back (a swap-leader move also until its preferred election
 * made the new first replica the leader). A one-off: there is nothing to heal.
 */
public final class ReassignNemesis implements FaultInjector {
    private final Optional<ReassignShape> shape; // empty: any
    private final long throttle;
    private final Duration bound;
    private final Map<Integer, Integer> firstSize = new HashMap<>();

    public ReassignNemesis(NemesisOptions options) {
        Set<String> words = new TreeSet<>(List.of("any"));
        for (ReassignShape s : ReassignShape.values()) words.add(s.word());
        String word = options.choice(NemesisSettings.REASSIGN_SHAPE.key(), words);
        this.shape = ReassignShape.of(word);
        this.throttle = options.nonNegative(NemesisSettings.REASSIGN_THROTTLE.key());
        this.bound = Duration.ofSeconds(options.positive(NemesisSettings.REASSIGN_TIMEOUT_SECONDS.key()));
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Set<Integer> moving = ctx.operations().reassignments().map(Map::keySet).orElse(Set.of());
        List<Integer> candidates = new ArrayList<>();
        for (int p = 0; p < ctx.topic().partitions(); p++) {
            if (!moving.contains(p) && !ctx.topic().replicas(p).isEmpty() && ctx.topic().leader(p).isPresent()) candidates.add(p);
        }
        if (candidates.isEmpty()) return Fault.NONE;
        int p = ctx.pick(candidates);
        List<Integer> replicas = ctx.topic().replicas(p);
        int first = firstSize.computeIfAbsent(p, k -> replicas.size());
        List<Integer> brokers = ctx.cluster().nodeIds();
        Optional<ReassignShape> chosen = shape.isPresent() ? shape : ReassignShape.any(replicas, brokers, first, ctx.random());
        Optional<List<Integer>> target = chosen.flatMap(s -> s.apply(replicas, brokers, ctx.random()));
        if (target.isEmpty()) return Fault.NONE;
        Move<Integer> move = Move.ofWorkload(ctx, Map.of(p, replicas), Map.of(p, target.get()), throttle, bound);
        ObjectNode v = move.value();
        v.put("shape", chosen.get().word());
        ctx.recorder().record(NemesisOps.REASSIGN.f(), v, () -> {
            move.runToCompletion(ctx, v);
            if (chosen.get() == ReassignShape.SWAP_LEADER) Elections.preferred(ctx, Set.of(p), v);
        });
        return new HealOnce("reassigned partition " + p + " " + replicas + " -> " + target.get() + " (" + chosen.get().word() + ")", () -> { });
    }
}
