package io.kchaos.nemesis.cluster;

import java.util.Set;

/**
 * Faults on the proxies in front of each node's listeners (Toxiproxy): toxics on its client or replication traffic,
 * and isolation (its proxies disabled). A proxy only carries connections made TO its node, so a toxic on node n's
 * replication traffic slows the followers fetching from n, not n's own fetches. Every effect is undone by {@link #healAll()}.
 */
public interface ToxicControl {
    /** Adds the toxic, in both directions, on these nodes' proxies for these kinds of traffic. */
    void add(Set<Integer> nodes, Set<Traffic> traffic, Toxic toxic);

    /** Removes every toxic from these nodes' proxies for these kinds of traffic. */
    void remove(Set<Integer> nodes, Set<Traffic> traffic);

    /** Disables every proxy of these nodes: their open connections are cut and no new one is accepted. */
    void isolate(Set<Integer> nodes);

    /** Enables these nodes' proxies again. */
    void rejoin(Set<Integer> nodes);

    /** Removes every toxic and enables every proxy. */
    void healAll();
}
