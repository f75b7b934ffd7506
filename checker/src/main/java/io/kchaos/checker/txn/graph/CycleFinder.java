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
 * type. A component already holding a cycle of a type that implies this one is not searched, so one cycle is never
 * reported twice and a model's verdict is unchanged (it forbids the implying type too).
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
        Map<Integer, StrongComponents> byMask = new HashMap<>();
        CycleSearch search = new CycleSearch(g);
        for (AnomalyType type : Anomalies.cycles()) {
            CycleShape shape = CycleShape.of(type);
            StrongComponents sc = byMask.computeIfAbsent(shape.allowed(), m -> StrongComponents.of(g, m));
            Set<Integer> explained = explained(sc, type.key());
            for (int c = 0; c < sc.count(); c++) {
                if (sc.size(c) < 2 || explained.contains(c)) continue;
                int[] edges = search.search(shape, sc, c);
                if (edges == null) continue;
                List<DependencyGraph.Edge> list = new ArrayList<>(edges.length);
                for (int e : edges) list.add(g.edge(e));
                cycles.add(new Cycle(type, list, sc.size(c)));
            }
        }
        cutShort = search.cutShort();
    }

    /**
     * The components of sc already holding a cycle found of a type that implies {@code key} (such a cycle uses only
     * edge kinds {@code key} allows, so it lies in one of sc's components).
     */
    private Set<Integer> explained(StrongComponents sc, String key) {
        Set<Integer> out = new HashSet<>();
        for (Cycle c : cycles) {
            if (implies(c.type().key(), key)) out.add(sc.componentOf(c.edges().get(0).from()));
        }
        return out;
    }

    /** Whether every case of {@code stronger} is also one of {@code weaker} (the catalogue's implications, followed). */
    private static boolean implies(String stronger, String weaker) {
        if (stronger.equals(weaker)) return true;
        return Anomalies.lookup(stronger).map(t -> t.implies().stream().anyMatch(i -> implies(i, weaker))).orElse(false);
    }
}
