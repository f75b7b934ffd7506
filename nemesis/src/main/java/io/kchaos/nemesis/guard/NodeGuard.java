package io.kchaos.nemesis.guard;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * Keeps a maintenance step (an upgrade of one node) and the fault schedule off the same node at the same time: a
 * node is either disturbed by faults (killed, stopped, paused, cut off) or held by a step, never both. Each side waits
 * for the other to let go of the node.
 */
public final class NodeGuard {
    private final Set<Integer> disturbed = new HashSet<>();
    private final Set<Integer> held = new HashSet<>();
    private final Set<String> networkFaults = new HashSet<>();

    /**
     * A step takes the node: waits until no fault disturbs it (nor the network), then holds it.
     *
     * @return false when the wait timed out or was interrupted (the interrupt flag is kept); the node is not held then
     */
    public synchronized boolean hold(int node, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (disturbed.contains(node) || !networkFaults.isEmpty()) {
            if (!waitUntil(deadline)) return false;
        }
        held.add(node);
        return true;
    }

    /** The step is done with the node. */
    public synchronized void release(int node) {
        held.remove(node);
        notifyAll();
    }

    /** A fault is about to disturb these nodes: waits until no step holds any of them, then marks them disturbed. */
    public synchronized void disturb(Set<Integer> nodes) {
        while (nodes.stream().anyMatch(held::contains)) {
            if (!waitUntil(Long.MAX_VALUE)) break;
        }
        disturbed.addAll(nodes);
    }

    /** A network fault of this kind (e.g. partition, links) is about to start: waits until no step holds any node. */
    public synchronized void disturbNetwork(String kind) {
        while (!held.isEmpty()) {
            if (!waitUntil(Long.MAX_VALUE)) break;
        }
        networkFaults.add(kind);
    }

    /** The node is whole again (started, resumed). */
    public synchronized void restore(int node) {
        disturbed.remove(node);
        notifyAll();
    }

    /** The network faults of this kind are healed. */
    public synchronized void restoreNetwork(String kind) {
        networkFaults.remove(kind);
        notifyAll();
    }

    /** True while a step holds the node. */
    public synchronized boolean isHeld(int node) {
        return held.contains(node);
    }

    /** Nodes a fault disturbs right now. */
    public synchronized Set<Integer> disturbed() {
        return Set.copyOf(disturbed);
    }

    private boolean waitUntil(long deadline) {
        long left = deadline == Long.MAX_VALUE ? 0 : (deadline - System.nanoTime()) / 1_000_000;
        if (deadline != Long.MAX_VALUE && left <= 0) return false;
        try {
            wait(deadline == Long.MAX_VALUE ? 1000 : Math.min(left, 1000));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
