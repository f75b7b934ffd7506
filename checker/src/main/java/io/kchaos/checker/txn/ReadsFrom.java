package io.kchaos.checker.txn;

import io.kchaos.checker.queue.LongIntMap;
import io.kchaos.history.OpType;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The write-read dependency graph between committed transactions: T1 → T2 when a poll inside T2 returned a value T1
 * sent. A cycle in it is G1c (circular information flow); with read_committed it is impossible, since each transaction
 * of the cycle would have read another's writes before that one committed. Only wr edges are drawn: ww edges would make
 * every interleaving of two transactions' writes a cycle (Kafka does not isolate writes, which Jepsen allows as G0).
 */
final class ReadsFrom {
    private final LongIntMap writerOf = new LongIntMap(1 << 12);
    private final Map<Integer, Set<Integer>> writersByReader = new HashMap<>();
    private final List<OpType> types = new ArrayList<>();

    /** A new transaction writing these values; returns its id. */
    int register(List<TxnOps.Send> sends) {
        int id = types.size();
        types.add(OpType.INFO);
        for (TxnOps.Send s : sends) writerOf.putIfAbsent(s.value(), id);
        return id;
    }

    /** Transaction reader's poll returned v. Self-reads are precommitted reads, judged elsewhere, not edges. */
    void read(int reader, long v) {
        int writer = writerOf.get(v);
        if (writer != LongIntMap.ABSENT && writer != reader) writersByReader.computeIfAbsent(reader, k -> new HashSet<>()).add(writer);
    }

    void completed(int id, OpType type) {
        types.set(id, type);
    }

    /** One cycle (transaction ids in edge order) per strongly connected component of committed transactions. */
    List<List<Integer>> cycles() {
        Map<Integer, List<Integer>> out = new HashMap<>();
        writersByReader.forEach((reader, writers) -> {
            if (types.get(reader) != OpType.OK) return;
            for (int w : writers) {
                if (types.get(w) == OpType.OK) out.computeIfAbsent(w, k -> new ArrayList<>()).add(reader);
            }
        });
        List<List<Integer>> cycles = new ArrayList<>();
        for (Set<Integer> scc : new Tarjan(out).components()) {
            if (scc.size() > 1) cycles.add(cycleThrough(scc.iterator().next(), scc, out));
        }
        return cycles;
    }

    /** The shortest cycle from start back to it inside the component (breadth first). */
    private static List<Integer> cycleThrough(int start, Set<Integer> scc, Map<Integer, List<Integer>> out) {
        Map<Integer, Integer> parent = new HashMap<>();
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(start));
        while (!queue.isEmpty()) {
            int n = queue.poll();
            for (int m : out.getOrDefault(n, List.of())) {
                if (!scc.contains(m)) continue;
                if (m == start) {
                    List<Integer> path = new ArrayList<>();
                    for (Integer at = n; at != null; at = parent.get(at)) path.add(0, at);
                    return path;
                }
                if (!parent.containsKey(m) && m != start) {
                    parent.put(m, n);
                    queue.add(m);
                }
            }
        }
        throw new IllegalStateException("no cycle through " + start + " in its component");
    }

    /** Tarjan's strongly connected components, iteratively (a long chain must not overflow the stack). */
    private static final class Tarjan {
        private final Map<Integer, List<Integer>> out;
        private final Map<Integer, Integer> index = new HashMap<>();
        private final Map<Integer, Integer> low = new HashMap<>();
        private final ArrayDeque<Integer> stack = new ArrayDeque<>();
        private final Set<Integer> onStack = new HashSet<>();
        private final List<Set<Integer>> components = new ArrayList<>();
        private int next;

        Tarjan(Map<Integer, List<Integer>> out) {
            this.out = out;
        }

        List<Set<Integer>> components() {
            for (int n : out.keySet()) {
                if (!index.containsKey(n)) visit(n);
            }
            return components;
        }

        private void visit(int root) {
            ArrayDeque<int[]> frames = new ArrayDeque<>(); // {node, next edge position}
            enter(root);
            frames.push(new int[]{root, 0});
            while (!frames.isEmpty()) {
                int[] f = frames.peek();
                List<Integer> edges = out.getOrDefault(f[0], List.of());
                if (f[1] < edges.size()) {
                    int m = edges.get(f[1]++);
                    if (!index.containsKey(m)) {
                        enter(m);
                        frames.push(new int[]{m, 0});
                    } else if (onStack.contains(m)) {
                        low.put(f[0], Math.min(low.get(f[0]), index.get(m)));
                    }
                    continue;
                }
                frames.pop();
                if (!frames.isEmpty()) {
                    int parent = frames.peek()[0];
                    low.put(parent, Math.min(low.get(parent), low.get(f[0])));
                }
                if (low.get(f[0]).equals(index.get(f[0]))) {
                    Set<Integer> c = new HashSet<>();
                    int m;
                    do {
                        m = stack.pop();
                        onStack.remove(m);
                        c.add(m);
                    } while (m != f[0]);
                    components.add(c);
                }
            }
        }

        private void enter(int n) {
            index.put(n, next);
            low.put(n, next);
            next++;
            stack.push(n);
            onStack.add(n);
        }
    }
}
