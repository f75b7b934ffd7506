package io.kchaos.nemesis.cluster;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a nemesis may do to the cluster's nodes: the small interface the harness's cluster backends implement
 * (local JVMs, containers). Process control only; network faults go through {@link #network()}, Toxiproxy faults through
 * {@link #toxics()}.
 */
public interface ClusterControl {
    /**
     * The ids of the nodes that run a broker, in order: every node in combined mode, the brokers beside dedicated
     * controllers. Data faults, readiness and the replica audit see these.
     */
    List<Integer> nodeIds();

    /** The ids of the dedicated controllers ({@code process.roles=controller}), in order; empty in combined mode. */
    default List<Integer> controllerIds() {
        return List.of();
    }

    /** The voters of the metadata quorum: the dedicated controllers, else (combined mode) every node. */
    default List<Integer> voterIds() {
        return controllerIds().isEmpty() ? nodeIds() : controllerIds();
    }

    /**
     * The voters the metadata quorum starts with: every voter, unless a dynamic quorum starts with fewer than its
     * controllers ({@code --initial-voters}), the others observing it until a fault adds them. The quorum's voters now
     * are the quorum's to say ({@code describeMetadataQuorum}), not this.
     */
    default List<Integer> initialVoterIds() {
        return voterIds();
    }

    /**
     * A dedicated controller's listeners for the metadata quorum as the backend configured them
     * ({@code CONTROLLER://host:port}): what adding it as a voter names; empty where the backend does not say.
     */
    default List<String> controllerEndpoints(int node) {
        return List.of();
    }

    /** What the node runs: {@link NodeRole#COMBINED} in combined mode, else a broker or a controller. */
    default NodeRole role(int node) {
        if (controllerIds().isEmpty()) return NodeRole.COMBINED;
        return controllerIds().contains(node) ? NodeRole.CONTROLLER : NodeRole.BROKER;
    }

    /** SIGKILL the node's broker process (no-op if it is not running). */
    void kill(int node);

    /** Starts the node again on the same data directory; returns once its process runs. */
    void start(int node);

    /** Stops the node cleanly: SIGTERM, a bounded wait, then SIGKILL. */
    void stop(int node);

    /** SIGSTOP the node's process. */
    void pause(int node);

    /** SIGCONT the node's process. */
    void resume(int node);

    boolean isRunning(int node);

    /** True while the node is SIGSTOPped by {@link #pause}. */
    boolean isPaused(int node);

    /** Network faults, when this backend can inject them (e.g. not without root for the local backend). */
    Optional<NetworkControl> network();

    /** Toxiproxy faults, when this backend puts proxies in front of the nodes (the Docker backend can). */
    default Optional<ToxicControl> toxics() {
        return Optional.empty();
    }

    /** Faults inside Kafka's protocol, when the clients reach the nodes through the kchaos proxy. */
    default Optional<ProtocolControl> protocol() {
        return Optional.empty();
    }

    /** Data directory faults, when this backend reaches the nodes' files (the local backend does). */
    default Optional<StorageControl> storage() {
        return Optional.empty();
    }

    /**
     * The tiered-storage bucket folder every broker shares ({@code rsm.config.bucket.dir}), when this is a tiered run
     * whose harness reaches it (the local backend with {@code --tiered}); remote-tier faults act on it.
     */
    default Optional<Path> bucket() {
        return Optional.empty();
    }

    /** Power loss (kill, then drop unsynced file data), when this backend tracks the brokers' syncs. */
    default Optional<PowerControl> power() {
        return Optional.empty();
    }
}
