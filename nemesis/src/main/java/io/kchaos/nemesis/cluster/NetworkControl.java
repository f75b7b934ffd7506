package io.kchaos.nemesis.cluster;

import java.util.Collection;
import java.util.Set;

/** Network faults between nodes and between the harness's clients and nodes. Every method's effect is undone by {@link #healAll()}. */
public interface NetworkControl {
    /** Drops all packets between nodes in different components (both directions). Replaces any earlier node partition. */
    void partition(Collection<? extends Set<Integer>> components);

    /** Drops all packets between the harness's clients and these nodes; nodes still see each other. */
    void partitionClients(Set<Integer> nodes);

    /** Removes every partition rule. */
    void healPartitions();

    /** netem delay (with jitter) on these nodes' links. */
    void slow(Set<Integer> nodes, int delayMs, int jitterMs);

    /** netem packet loss on these nodes' links. */
    void flaky(Set<Integer> nodes, double lossPercent);

    /** Removes every netem qdisc. */
    void healLinks();

    default void healAll() {
        healPartitions();
        healLinks();
    }
}
