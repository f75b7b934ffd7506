package io.kchaos.checker.txn.graph;

import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.AnomalyType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Classifies the cycles of a dependency graph, Elle's way: for each cycle type of the catalogue, strongest first, the
 * strongly connected components of the graph restricted to that type's edge kinds, and in each a shortest cycle of that
 * type. A type implied by one already found in the same component of the whole graph is not searched there, so one
 * cycle is never reported twice and a model's verdict is unchanged (it forbids the implying type too).
 */
public final class CycleFinder {
    private final DependencyGraph g;
    private final List<Cycle> cycles = new ArrayList<>();
    private boolean cutShort;

    private CycleFinder(DependencyGraph g) {
        this.g = g;
    }

    /** The cycles of g, one per type and component where one was found. */
    public static CycleFinder of(DependencyGraph g) {
        CycleFinder f = new CycleFinder(g);
        f.run();
        return f;
    }

    public List<Cycle> cycles() {
        return cycles;
    }

    /** Whether a search in a large component tried only some start edges (a cycle type there may have been missed). */
    public boolean cutShort() {
        return cutShort;
    }

    private void run() {
        int all = 0;
        for (EdgeKind k : EdgeKind.values()) all |= k.bit();
        StrongComponents whole = StrongComponents.of(g, all);
        Map<Integer, StrongComponents> byMask = new HashMap<>(Map.of(all, whole));
        Map<Integer, Set<String>> found = new HashMap<>();
        CycleSearch search = new CycleSearch(g);
        for (AnomalyType type : Anomalies.cycles()) {
            if (impliedEverywhere(whole, found, type.key())) continue;
            CycleShape shape = CycleShape.of(type);
            StrongComponents sc = byMask.computeIfAbsent(shape.allowed(), m -> StrongComponents.of(g, m));
            for (int c = 0; c < sc.count(); c++) {
                if (sc.size(c) < 2) continue;
                int component = whole.componentOf(sc.member(sc.firstMember(c)));
                Set<String> there = found.computeIfAbsent(component, k -> new HashSet<>());
                if (there.stream().anyMatch(t -> implies(t, type.key()))) continue;
                int[] edges = search.search(shape, sc, c);
                if (edges == null) continue;
                there.add(type.key());
                List<DependencyGraph.Edge> list = new ArrayList<>(edges.length);
                for (int e : edges) list.add(g.edge(e));
                cycles.add(new Cycle(type, list, whole.size(component)));
            }
        }
        cutShort = search.cutShort();
    }

    /** Whether every component of the whole graph that holds a cycle already holds a type implying {@code key}. */
    private static boolean impliedEverywhere(StrongComponents whole, Map<Integer, Set<String>> found, String key) {
        for (int c = 0; c < whole.count(); c++) {
            if (whole.size(c) < 2) continue;
            Set<String> there = found.get(c);
            if (there == null || there.stream().noneMatch(t -> implies(t, key))) return false;
        }
        return true;
    }

    /** Whether every case of {@code stronger} is also one of {@code weaker} (the catalogue's implications, followed). */
    private static boolean implies(String stronger, String weaker) {
        if (stronger.equals(weaker)) return true;
        return Anomalies.lookup(stronger).map(t -> t.implies().stream().anyMatch(i -> implies(i, weaker))).orElse(false);
    }
}
