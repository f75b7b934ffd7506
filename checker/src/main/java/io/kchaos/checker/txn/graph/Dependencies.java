package io.kchaos.checker.txn.graph;

import io.kchaos.checker.queue.LongIntMap;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Collects, during the one pass over a transaction history, what the dependency graph needs: who wrote each value, what
 * each transaction's polls read (wr edges, and the highest offset seen per partition for rw edges), each process's
 * order and the real-time order (an edge from every transaction of the completed frontier to each new invocation, a
 * transitive reduction); then, once told which transactions committed and where their records landed, the graph.
 */
public final class Dependencies {
    private final LongIntMap writerOf = new LongIntMap(1 << 12);
    private final EdgeList edges = new EdgeList();
    private final CommittedRecords records = new CommittedRecords();
    private final Map<Long, Long> highestRead = new HashMap<>();
    private final Map<Integer, Integer> lastOfProcess = new HashMap<>();
    private final Map<Integer, Long> completionOfLast = new HashMap<>();
    private final Set<Integer> frontier = new LinkedHashSet<>();
    private final Map<Integer, int[]> precededBy = new HashMap<>();
    private long[] invokedAt = new long[1024];
    private long[] completedAt = new long[1024];
    private int transactions;

    /** A transaction invoked at index, writing these values; returns its dense id. */
    public int invoked(long index, long[] values) {
        int id = transactions++;
        if (id == invokedAt.length) {
            invokedAt = Arrays.copyOf(invokedAt, id * 2);
            completedAt = Arrays.copyOf(completedAt, id * 2);
        }
        invokedAt[id] = index;
        completedAt[id] = -1;
        for (long v : values) writerOf.putIfAbsent(v, id);
        if (!frontier.isEmpty()) precededBy.put(id, frontier.stream().mapToInt(Integer::intValue).toArray());
        return id;
    }

    /** Transaction reader's poll returned value v at (partition, offset). */
    public void read(int reader, int partition, long offset, long v) {
        int writer = writerOf.get(v);
        if (writer != LongIntMap.ABSENT) edges.add(writer, reader, EdgeKind.WR, partition, offset, offset);
        highestRead.merge(((long) reader << 32) | (partition & 0xffffffffL), offset, Math::max);
    }

    /**
     * Transaction id completed at index: committed ({@code known}) or perhaps committed; an aborted one never is a node
     * and takes no part. Draws its process and real-time edges (kept if both ends turn out to be nodes).
     */
    public void completed(int id, int process, long index, boolean known) {
        completedAt[id] = index;
        Integer previous = lastOfProcess.put(process, id);
        if (previous != null) edges.add(previous, id, EdgeKind.PROCESS, -1, completionOfLast.get(process), index);
        completionOfLast.put(process, index);
        int[] before = precededBy.remove(id);
        if (before != null) {
            for (int p : before) edges.add(p, id, EdgeKind.REALTIME, -1, completedAt[p], invokedAt[id]);
        }
        if (!known) return;
        if (before != null) for (int p : before) frontier.remove(p);
        frontier.add(id);
    }

    /** Transaction id, aborted: forgets its place in the real-time order. */
    public void aborted(int id) {
        precededBy.remove(id);
    }

    /** A committed record: transaction writer's value landed at (partition, offset). Call once the pass is over. */
    public void wrote(int writer, int partition, long offset) {
        records.add(writer, partition, offset);
    }

    /** The graph between the transactions isNode accepts (the committed ones), with ww and rw edges drawn now. */
    public DependencyGraph graph(IntPredicate isNode) {
        records.wwEdges(edges);
        highestRead.forEach((key, offset) -> records.rwEdge((int) (key >>> 32), (int) (long) key, offset, edges));
        return edges.graph(transactions, isNode);
    }
}
