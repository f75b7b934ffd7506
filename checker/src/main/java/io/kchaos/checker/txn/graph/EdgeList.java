package io.kchaos.checker.txn.graph;

import java.util.Arrays;
import java.util.function.IntPredicate;

/** Edges as they are found, in growable primitive columns, until {@link #graph} keeps those between nodes. */
final class EdgeList {
    private int size;
    private int[] from = new int[1024];
    private int[] to = new int[1024];
    private byte[] kind = new byte[1024];
    private int[] partition = new int[1024];
    private long[] a = new long[1024];
    private long[] b = new long[1024];

    void add(int source, int target, EdgeKind k, int p, long first, long second) {
        if (source == target) return;
        if (size == from.length) grow();
        from[size] = source;
        to[size] = target;
        kind[size] = (byte) k.ordinal();
        partition[size] = p;
        a[size] = first;
        b[size] = second;
        size++;
    }

    int size() {
        return size;
    }

    /** The graph of the edges whose both ends are nodes. */
    DependencyGraph graph(int nodes, IntPredicate isNode) {
        int kept = 0;
        for (int e = 0; e < size; e++) {
            if (!isNode.test(from[e]) || !isNode.test(to[e])) continue;
            from[kept] = from[e];
            to[kept] = to[e];
            kind[kept] = kind[e];
            partition[kept] = partition[e];
            a[kept] = a[e];
            b[kept] = b[e];
            kept++;
        }
        size = kept;
        return new DependencyGraph(nodes, kept, from, to, kind, partition, a, b);
    }

    private void grow() {
        int n = from.length + (from.length >> 1);
        from = Arrays.copyOf(from, n);
        to = Arrays.copyOf(to, n);
        kind = Arrays.copyOf(kind, n);
        partition = Arrays.copyOf(partition, n);
        a = Arrays.copyOf(a, n);
        b = Arrays.copyOf(b, n);
    }
}
