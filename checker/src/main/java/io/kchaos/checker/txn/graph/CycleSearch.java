package io.kchaos.checker.txn.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds a shortest cycle of one shape inside one strongly connected component: from each of its edges of the shape's
 * start kind (u → v), a breadth-first search from v back to u over the product of the nodes with what the path has
 * collected so far (rw edges, capped at two, and which required kinds it contains). Exact in a component with at most
 * {@link #MAX_STARTS} such edges; in a larger one, the shortest through the first of them, within a budget of visits.
 */
final class CycleSearch {
    static final int MAX_STARTS = 32;
    static final long BUDGET = 4_000_000;

    private final DependencyGraph g;
    private final int[] local;
    private boolean cutShort;

    CycleSearch(DependencyGraph g) {
        this.g = g;
        this.local = new int[g.nodes()];
    }

    /** Whether a search ran out of starts or budget before trying every start edge. */
    boolean cutShort() {
        return cutShort;
    }

    /** The edges of a shortest cycle of shape in component c of sc (sc over the shape's allowed kinds), or null. */
    int[] search(CycleShape shape, StrongComponents sc, int c) {
        int size = sc.size(c);
        int first = sc.firstMember(c);
        for (int i = 0; i < size; i++) local[sc.member(first + i)] = i;
        List<Integer> starts = new ArrayList<>();
        int startBit = shape.start().bit();
        outer:
        for (int i = 0; i < size; i++) {
            int n = sc.member(first + i);
            for (int p = g.firstOut(n); p < g.firstOut(n + 1); p++) {
                int e = g.outEdge(p);
                if (g.kindBit(e) == startBit && sc.componentOf(g.to(e)) == c) {
                    if (starts.size() == MAX_STARTS) {
                        cutShort = true;
                        break outer;
                    }
                    starts.add(e);
                }
            }
        }
        if (starts.isEmpty()) return null;
        Space space = new Space(shape, size);
        int[] best = null;
        long visits = 0;
        for (int e0 : starts) {
            int[] found = space.bfs(e0, sc, c, best == null ? Integer.MAX_VALUE : best.length);
            visits += space.visited;
            if (found != null) best = found;
            if (visits > BUDGET) {
                cutShort = cutShort || e0 != starts.get(starts.size() - 1);
                break;
            }
        }
        return best;
    }

    /** The product space of one search: per node, rw edges seen (0, 1, 2+) times the required kinds seen. */
    private final class Space {
        private final CycleShape shape;
        private final int[] requiredBit = new int[EdgeKind.values().length];
        private final int requiredAll;
        private final int rwStates;
        private final int perNode;
        private final int[] stamp;
        private final int[] parentEdge;
        private final int[] parentState;
        private final int[] queue;
        private int generation;
        long visited;

        Space(CycleShape shape, int size) {
            this.shape = shape;
            int k = 0;
            for (EdgeKind kind : EdgeKind.values()) {
                requiredBit[kind.ordinal()] = (shape.required() & kind.bit()) != 0 ? 1 << k++ : 0;
            }
            this.requiredAll = (1 << k) - 1;
            this.rwStates = shape.rwMax() == 0 ? 1 : 3;
            this.perNode = (1 << k) * rwStates;
            int total = Math.multiplyExact(size, perNode);
            this.stamp = new int[total];
            this.parentEdge = new int[total];
            this.parentState = new int[total];
            this.queue = new int[total];
        }

        private int state(int node, int rw, int req) {
            return local[node] * perNode + rw * (requiredAll + 1) + req;
        }

        /** The shortest cycle through e0 shorter than limit edges, or null. */
        int[] bfs(int e0, StrongComponents sc, int c, int limit) {
            generation++;
            visited = 0;
            int u = g.from(e0);
            int rw0 = g.kind(e0) == EdgeKind.RW ? 1 : 0;
            int s0 = state(g.to(e0), rw0, requiredBit[g.kind(e0).ordinal()]);
            stamp[s0] = generation;
            parentEdge[s0] = -1;
            int head = 0;
            int tail = 0;
            queue[tail++] = s0;
            int depth = 1;
            int layerEnd = tail;
            while (head < tail && depth + 1 < limit) {
                int s = queue[head++];
                visited++;
                int node = sc.member(sc.firstMember(c) + s / perNode);
                int rw = (s % perNode) / (requiredAll + 1);
                int req = s % (requiredAll + 1);
                for (int p = g.firstOut(node); p < g.firstOut(node + 1); p++) {
                    if ((g.outKindBit(p) & shape.allowed()) == 0) continue;
                    int to = g.outTo(p);
                    if (sc.componentOf(to) != c) continue;
                    int e = g.outEdge(p);
                    int nrw = g.kind(e) == EdgeKind.RW ? Math.min(2, rw + 1) : rw;
                    if (nrw > shape.rwMax()) continue;
                    int nreq = req | requiredBit[g.kind(e).ordinal()];
                    if (to == u && nreq == requiredAll && nrw >= shape.rwMin()) return path(e0, e, s);
                    int ns = state(to, nrw, nreq);
                    if (stamp[ns] == generation) continue;
                    stamp[ns] = generation;
                    parentEdge[ns] = e;
                    parentState[ns] = s;
                    queue[tail++] = ns;
                }
                if (head == layerEnd) {
                    depth++;
                    layerEnd = tail;
                }
            }
            return null;
        }

        private int[] path(int e0, int last, int s) {
            int[] rest = new int[64];
            int n = 0;
            rest[n++] = last;
            for (int at = s; parentEdge[at] >= 0; at = parentState[at]) {
                if (n == rest.length) rest = Arrays.copyOf(rest, n * 2);
                rest[n++] = parentEdge[at];
            }
            int[] cycle = new int[n + 1];
            cycle[0] = e0;
            for (int i = 0; i < n; i++) cycle[i + 1] = rest[n - 1 - i];
            return cycle;
        }
    }
}
