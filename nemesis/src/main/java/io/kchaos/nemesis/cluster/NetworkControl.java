package io.kchaos.nemesis.cluster;

import java.util.Collection;
import java.util.Set;

/** Network faults between nodes and between the harness's clients and nodes. Every method's effect is undone by {@link #healAll()}. */
public interface NetworkControl {
    /**
     * Drops all packets (both directions) on every link {@link Connectivity#cut} names: two nodes keep their link when
     * some component contains both; components may overlap (bridge, ring). Replaces any earlier node partition.
     */
    void partition(Collection<? extends Set<Integer>> components);

    /** Drops all packets between the harness's clients and these nodes; nodes still see each other. */
    void partitionClients(Set<Integer> nodes);

    /** Removes every partition rule. */
    void healPartitions();

    /** Delays every packet these nodes send by delayMs ± jitterMs (netem, or a delay queue); replaces their earlier delay. */
    void slow(Set<Integer> nodes, int delayMs, int jitterMs);

    /** Drops this share (0–100 %) of the packets these nodes send; replaces their earlier loss. */
    void flaky(Set<Integer> nodes, double lossPercent);

    /** Removes every delay and loss. */
    void healLinks();

    default void healAll() {
        healPartitions();
        healLinks();
    }
}
