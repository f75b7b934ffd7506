package io.kchaos.cluster.net;

/** Delays the packets one node sends, by its backend's mechanism (netem, a delay queue); {@link FirewallNetwork} drives it. */
public interface NodeDelay extends AutoCloseable {
    /** Sets (or replaces) the delay of what {@code node} sends; returns once the delay is seen in place. */
    void apply(int node, int delayMs, int jitterMs);

    /** Removes the delay {@link #apply} set on {@code node}; returns once it is seen gone. */
    void remove(int node);

    /** Releases what the mechanism holds (helper processes); {@link FirewallNetwork} has removed every delay before. */
    @Override
    default void close() {
    }
}
