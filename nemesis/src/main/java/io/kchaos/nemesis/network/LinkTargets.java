package io.kchaos.nemesis.network;

import io.kchaos.nemesis.NemesisContext;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Which nodes' links a link fault ({@code slow}, {@code flaky}) degrades: one random node's, or every node's, at even odds. */
final class LinkTargets {
    private LinkTargets() {
    }

    static Set<Integer> oneOrAll(NemesisContext ctx) {
        List<Integer> nodes = ctx.cluster().nodeIds();
        if (nodes.isEmpty()) return Set.of();
        return ctx.random().nextBoolean() ? new TreeSet<>(nodes) : new TreeSet<>(Set.of(ctx.pick(nodes)));
    }

    static String describe(Set<Integer> nodes, NemesisContext ctx) {
        return nodes.size() == ctx.cluster().nodeIds().size() && nodes.size() > 1 ? "all links" : "links of node " + nodes.iterator().next();
    }
}
