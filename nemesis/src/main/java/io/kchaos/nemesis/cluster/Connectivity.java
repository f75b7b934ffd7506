package io.kchaos.nemesis.cluster;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Which links a partition cuts. Components are groups of nodes that still see each other and may overlap (a bridge
 * node belongs to both halves, a ring is a chain of overlapping groups): two nodes keep their link exactly when some
 * component contains both; a node in no component is cut from every other.
 */
public final class Connectivity {
    private Connectivity() {
    }

    /** The cut links among {@code nodes}, as pairs {@code [a, b]} with a &lt; b, in order. */
    public static List<List<Integer>> cut(Collection<Integer> nodes, Collection<? extends Set<Integer>> components) {
        List<Integer> sorted = nodes.stream().sorted().toList();
        List<List<Integer>> cut = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            for (int j = i + 1; j < sorted.size(); j++) {
                int a = sorted.get(i);
                int b = sorted.get(j);
                if (components.stream().noneMatch(c -> c.contains(a) && c.contains(b))) cut.add(List.of(a, b));
            }
        }
        return cut;
    }
}
