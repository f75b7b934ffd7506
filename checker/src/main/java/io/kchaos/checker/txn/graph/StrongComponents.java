package io.kchaos.checker.txn.graph;

import java.util.Arrays;

/**
 * The strongly connected components of a dependency graph restricted to some edge kinds (Tarjan's algorithm, iterative:
 * a long chain of transactions must not overflow the stack). Only components of two or more nodes hold cycles
 * (edges never loop on one node).
 */
final class StrongComponents {
    private final int[] component;
    private final int[] size;
    private final int[] firstMember;
    private final int[] members;

    private StrongComponents(int[] component, int[] size) {
        this.component = component;
        this.size = size;
        this.firstMember = new int[size.length + 1];
        for (int c = 0; c < size.length; c++) firstMember[c + 1] = firstMember[c] + size[c];
        this.members = new int[component.length];
        int[] fill = Arrays.copyOf(firstMember, size.length);
        for (int n = 0; n < component.length; n++) members[fill[component[n]]++] = n;
    }

    /** The components of graph using only the edges whose kind bit is in mask. */
    static StrongComponents of(DependencyGraph g, int mask) {
        int n = g.nodes();
        int[] index = new int[n];
        Arrays.fill(index, -1);
        int[] low = new int[n];
        boolean[] onStack = new boolean[n];
        int[] stack = new int[n];
        int sp = 0;
        int[] frameNode = new int[n];
        int[] framePos = new int[n];
        int[] component = new int[n];
        int[] sizes = new int[Math.max(1, n)];
        int components = 0;
        int next = 0;
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0) continue;
            int fp = 0;
            frameNode[fp] = root;
            framePos[fp] = g.firstOut(root);
            fp++;
            index[root] = low[root] = next++;
            stack[sp++] = root;
            onStack[root] = true;
            while (fp > 0) {
                int v = frameNode[fp - 1];
                if (framePos[fp - 1] < g.firstOut(v + 1)) {
                    int at = framePos[fp - 1]++;
                    if ((g.outKindBit(at) & mask) == 0) continue;
                    int w = g.outTo(at);
                    if (index[w] < 0) {
                        index[w] = low[w] = next++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        frameNode[fp] = w;
                        framePos[fp] = g.firstOut(w);
                        fp++;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                fp--;
                if (fp > 0) {
                    int parent = frameNode[fp - 1];
                    low[parent] = Math.min(low[parent], low[v]);
                }
                if (low[v] == index[v]) {
                    int w;
                    int count = 0;
                    do {
                        w = stack[--sp];
                        onStack[w] = false;
                        component[w] = components;
                        count++;
                    } while (w != v);
                    sizes[components++] = count;
                }
            }
        }
        return new StrongComponents(component, Arrays.copyOf(sizes, components));
    }

    int componentOf(int node) {
        return component[node];
    }

    int size(int component) {
        return size[component];
    }

    /** The nodes of component c: members(firstMember(c) .. firstMember(c + 1) - 1). */
    int firstMember(int c) {
        return firstMember[c];
    }

    int member(int i) {
        return members[i];
    }

    int count() {
        return size.length;
    }
}
