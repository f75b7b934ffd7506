package io.kchaos.backend.local.net;

/** Delays the packets a node sends on its link device, by one mechanism (netem, or a delay queue). */
public interface LinkDelay extends AutoCloseable {
    /** Sets (or replaces) the delay of packets leaving {@code device} in the namespace. */
    void apply(String namespace, String device, int delayMs, int jitterMs);

    /** Removes the delay set by {@link #apply}; no-op when there is none. */
    void remove(String namespace, String device);

    /** Removes every delay still set and releases what the mechanism holds (helper processes). */
    @Override
    default void close() {
    }

    /** Builds a run's delay mechanism. */
    @FunctionalInterface
    interface Factory {
        LinkDelay create(io.kchaos.cluster.os.CommandRunner runner, NetNames names);
    }
}
