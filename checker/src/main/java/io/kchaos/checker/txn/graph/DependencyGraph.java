package io.kchaos.checker.txn.graph;

import java.util.Arrays;

/**
 * The dependency graph between committed transactions, as arrays: each edge's endpoints (dense transaction ids), kind
 * and evidence (a partition and two positions whose meaning depends on the kind, see {@link Edge}), with each node's
 * outgoing edges indexed. Built once by {@link Dependencies}; edges may repeat between two nodes (one per partition).
 */
public final class DependencyGraph {
    private final int nodes;
    private final int edges;
    private final int[] from;
    private final int[] to;
    private final byte[] kind;
    private final int[] partition;
    private final long[] a;
    private final long[] b;
    private final int[] firstOut;
    private final int[] outEdges;
    private final int[] outTo;
    private final byte[] outKind;

    /** One edge with its evidence: for ww the two offsets, wr the offset read (twice), rw the offset seen and the next
     * one written, process the process (as partition -1, a and b the two completions), realtime the source's
     * completion index and the target's invocation index. */
    public record Edge(int from, int to, EdgeKind kind, int partition, long a, long b) {
    }

    DependencyGraph(int nodes, int edges, int[] from, int[] to, byte[] kind, int[] partition, long[] a, long[] b) {
        this.nodes = nodes;
        this.edges = edges;
        this.from = from;
        this.to = to;
        this.kind = kind;
        this.partition = partition;
        this.a = a;
        this.b = b;
        this.firstOut = new int[nodes + 1];
        for (int e = 0; e < edges; e++) firstOut[from[e] + 1]++;
        for (int n = 0; n < nodes; n++) firstOut[n + 1] += firstOut[n];
        this.outEdges = new int[edges];
        int[] fill = Arrays.copyOf(firstOut, nodes);
        for (int e = 0; e < edges; e++) outEdges[fill[from[e]]++] = e;
        this.outTo = new int[edges];
        this.outKind = new byte[edges];
        for (int i = 0; i < edges; i++) {
            outTo[i] = to[outEdges[i]];
            outKind[i] = kind[outEdges[i]];
        }
    }

    public int nodes() {
        return nodes;
    }

    public int edges() {
        return edges;
    }

    int from(int e) {
        return from[e];
    }

    int to(int e) {
        return to[e];
    }

    EdgeKind kind(int e) {
        return EdgeKind.values()[kind[e]];
    }

    int kindBit(int e) {
        return 1 << kind[e];
    }

    /** The positions in {@link #outEdges} of node n's outgoing edges: [firstOut(n), firstOut(n + 1)). */
    int firstOut(int n) {
        return firstOut[n];
    }

    int outEdge(int i) {
        return outEdges[i];
    }

    /** The target of the outgoing edge at position i (as {@link #to} of {@link #outEdge}, read in order). */
    int outTo(int i) {
        return outTo[i];
    }

    /** The kind bit of the outgoing edge at position i. */
    int outKindBit(int i) {
        return 1 << outKind[i];
    }

    public Edge edge(int e) {
        return new Edge(from[e], to[e], kind(e), partition[e], a[e], b[e]);
    }
}
