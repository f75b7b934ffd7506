package io.kchaos.cluster;

import io.kchaos.cluster.security.ProxyTls;
import io.kchaos.nemesis.cluster.ClusterControl;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * A real Kafka cluster a run drives, whatever backend provides it (local JVMs, containers): start, reach, stop
 * cleanly, and tell where each node's data directory ends up for the replica audit. Its {@link #nodeIds()} are the
 * nodes that run a broker; dedicated controllers, where the backend runs them, are {@link #controllerIds()}.
 */
public interface KafkaCluster extends ClusterControl, AutoCloseable {
    /** Starts every node and waits until the cluster is ready; returns the seconds it took. */
    double start();

    /** Seconds from the start until each phase of the start-up ended, where the backend can tell; empty otherwise. */
    default Map<String, Double> startupPhases() {
        return Map.of();
    }

    /** host:port,... for clients. */
    String bootstrapServers();

    /**
     * The security settings every client of this cluster needs ({@code security.protocol}, the truststore, the SASL
     * login: {@code ClientSecurity}); empty for a plaintext cluster. They hold secrets: never write them down.
     */
    default Map<String, String> clientSecurity() {
        return Map.of();
    }

    /** What the kchaos proxy needs to sit in this cluster's TLS path ({@link ProxyTls}); empty for a cluster without TLS. */
    default Optional<ProxyTls> proxyTls() {
        return Optional.empty();
    }

    /** A new Admin client for this cluster (the caller closes it). */
    default Admin admin() {
        return admin(Map.of());
    }

    /** A new Admin client with {@code overrides} on top of the usual settings (the caller closes it). */
    default Admin admin(Map<String, Object> overrides) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10000);
        p.putAll(clientSecurity());
        p.putAll(overrides);
        return Admin.create(p);
    }

    /**
     * Each metadata quorum voter's {@code host:port} ({@code CONTROLLER} listener) where the harness can reach it, to ask
     * the quorum itself even while no broker answers; every dedicated controller's, those a dynamic quorum starts
     * without too (they may be voters by the time it is asked); empty where the backend does not expose them.
     */
    default List<String> controllerAddresses() {
        return List.of();
    }

    /** Stops every node cleanly, all in parallel (each stop bounded), so the data directories can be audited. */
    default void stopAll() {
        stopInParallel(nodeIds());
    }

    /** Stops these nodes cleanly, in parallel, and returns once all stopped. */
    default void stopInParallel(List<Integer> ids) {
        Parallel.each(ids, this::stop);
    }


    String clusterId();

    /** Backend and hosts, e.g. {@code local (network namespaces)}. */
    String describe();

    /** The Kafka version the nodes run. */
    String kafkaVersion();

    /** What run.json records about the broker software (jar set or image). */
    Map<String, Object> software();

    /** The resolved broker settings every node runs with. */
    Map<String, String> brokerSettings();

    /** Node id → the address clients use. */
    Map<Integer, String> nodeAddresses();

    /**
     * Broker node id → its {@code log.dirs} folders on this machine, in {@code log.dirs} order (one unless the brokers run
     * JBOD, {@code --log-dirs}), as left after {@link #stopAll()}: what the replica audit reads.
     */
    Map<Integer, List<Path>> logDirs();

    /**
     * Every node (dedicated controllers included) → the folder holding its {@code __cluster_metadata-0} copy, as left
     * after {@link #stopAll()}: what an audit of the metadata log reads. Where the backend keeps no other, each node's
     * first data folder (Kafka's metadata log goes to the first of {@code log.dirs} without {@code metadata.log.dir}).
     */
    default Map<Integer, Path> metadataLogDirs() {
        Map<Integer, Path> m = new LinkedHashMap<>();
        logDirs().forEach((id, dirs) -> m.put(id, dirs.get(0)));
        return m;
    }

    /** Kills whatever still runs and removes everything the backend created. Idempotent. */
    @Override
    void close();
}
