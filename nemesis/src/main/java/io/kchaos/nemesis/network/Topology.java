package io.kchaos.nemesis.network;

import io.kchaos.nemesis.NemesisContext;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The shapes a {@code partition} fault takes, as in Jepsen: isolate one node, isolate a partition's leader, split into
 * minority/majority halves, a ring where every node sees a different majority, and two halves joined by one bridge
 * node. Each plans its components from the context's seeded randomness.
 */
public enum Topology {
    /** One random node cut from all others. */
    ONE("one"),
    /** The current leader of a random partition cut from all other nodes. */
    LEADER("leader"),
    /** A minority (n/2 nodes) and a majority, cut from each other. */
    HALVES("halves"),
    /** Nodes on a shuffled ring, each seeing only its neighbours: every node sees a majority, no two the same one. */
    MAJORITY_RING("majority-ring"),
    /** Two halves cut from each other, plus one node that sees both. */
    BRIDGE("bridge");

    private final String wire;

    Topology(String wire) {
        this.wire = wire;
    }

    /** The name used with {@code --partition-targets} and recorded in the history. */
    public String wire() {
        return wire;
    }

    /** Parses names like {@code one,leader}; throws IllegalArgumentException naming an unknown one and the known ones. */
    public static List<Topology> parse(List<String> names) {
        List<Topology> out = new ArrayList<>();
        for (String raw : names) {
            String name = raw.trim();
            if (name.isEmpty()) continue;
            Topology t = Arrays.stream(values()).filter(v -> v.wire.equals(name)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("unknown partition target '" + name + "'; known: " + String.join(", ", wires())));
            if (!out.contains(t)) out.add(t);
        }
        if (out.isEmpty()) throw new IllegalArgumentException("no partition target given; known: " + String.join(", ", wires()));
        return out;
    }

    /** Every topology's name. */
    public static List<String> wires() {
        return Arrays.stream(values()).map(Topology::wire).toList();
    }

    /** Plans a partition of the cluster's nodes now; empty when this shape does not apply (too few nodes, no leader known). */
    public Optional<PartitionPlan> plan(NemesisContext ctx) {
        List<Integer> nodes = new ArrayList<>(ctx.cluster().nodeIds());
        if (nodes.size() < 2) return Optional.empty();
        switch (this) {
            case ONE:
                return Optional.of(isolate(nodes, ctx.pick(nodes), -1));
            case LEADER:
                int p = ctx.randomPartition();
                return ctx.topic().leader(p).filter(nodes::contains).map(l -> isolate(nodes, l, p));
            case HALVES:
                Collections.shuffle(nodes, ctx.random());
                int half = nodes.size() / 2;
                return Optional.of(plan(List.of(set(nodes.subList(0, half)), set(nodes.subList(half, nodes.size()))), -1));
            case MAJORITY_RING:
                if (nodes.size() < 3) return Optional.empty();
                Collections.shuffle(nodes, ctx.random());
                return Optional.of(plan(ring(nodes), -1));
            case BRIDGE:
                if (nodes.size() < 3) return Optional.empty();
                Collections.shuffle(nodes, ctx.random());
                int h = nodes.size() / 2;
                Set<Integer> left = set(nodes.subList(0, h));
                left.add(nodes.get(h));
                return Optional.of(plan(List.of(left, set(nodes.subList(h, nodes.size()))), -1));
            default:
                throw new IllegalStateException(name());
        }
    }

    private PartitionPlan isolate(List<Integer> nodes, int node, int leaderOf) {
        Set<Integer> rest = new LinkedHashSet<>(nodes);
        rest.remove(node);
        return plan(List.of(Set.of(node), rest), leaderOf);
    }

    private PartitionPlan plan(List<Set<Integer>> components, int leaderOf) {
        return new PartitionPlan(this, components, leaderOf);
    }

    /**
     * Links of a ring in the given order: each node keeps its k nearest neighbours on both sides, with 2k + 1 the
     * smallest odd count that is a majority. Three nodes cannot form such a ring, so they form a chain (the ends cut).
     */
    static List<Set<Integer>> ring(List<Integer> order) {
        int n = order.size();
        int majority = n / 2 + 1;
        int k = majority / 2;
        List<Set<Integer>> links = new ArrayList<>();
        if (2 * k + 1 >= n) {
            for (int i = 0; i + 1 < n; i++) links.add(Set.of(order.get(i), order.get(i + 1)));
            return links;
        }
        for (int i = 0; i < n; i++) {
            for (int d = 1; d <= k; d++) links.add(Set.of(order.get(i), order.get((i + d) % n)));
        }
        return links;
    }

    private static Set<Integer> set(List<Integer> nodes) {
        return new TreeSet<>(nodes);
    }
}
