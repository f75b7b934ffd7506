package io.kchaos.harness.proxy;

import io.kchaos.history.folder.RunFields;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.cluster.ProtocolControl;
import io.kchaos.nemesis.cluster.StorageControl;
import io.kchaos.nemesis.cluster.ToxicControl;
import org.apache.kafka.clients.admin.Admin;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A cluster whose clients go through the kchaos proxy: the workload's bootstrap is the proxy's, everything else (the
 * nodes, their faults, the harness's own Admin client, which must see the cluster as it is) is the backend's. The proxy
 * starts once the cluster is ready and stops before it.
 */
public final class ProxiedCluster implements KafkaCluster {
    private final KafkaCluster cluster;
    private final Path libs;
    private final Path dir;
    private ProtocolProxy proxy;

    /** {@code cluster} behind a proxy started from the jar folder {@code libs}, its files in {@code dir}. */
    public ProxiedCluster(KafkaCluster cluster, Path libs, Path dir) {
        this.cluster = cluster;
        this.libs = libs;
        this.dir = dir;
    }

    @Override
    public double start() {
        double seconds = cluster.start();
        long t0 = System.nanoTime();
        proxy = ProtocolProxy.start(libs, cluster.nodeAddresses(), dir, cluster.proxyTls());
        return seconds + (System.nanoTime() - t0) / 1e9;
    }

    @Override
    public Map<String, Double> startupPhases() {
        return cluster.startupPhases();
    }

    @Override
    public String bootstrapServers() {
        return proxy == null ? cluster.bootstrapServers() : proxy.bootstrapServers();
    }

    @Override
    public Map<String, String> clientSecurity() {
        return cluster.clientSecurity();
    }

    @Override
    public Admin admin(Map<String, Object> overrides) {
        return cluster.admin(overrides);
    }

    @Override
    public Optional<ProtocolControl> protocol() {
        return Optional.ofNullable(proxy);
    }

    @Override
    public String clusterId() {
        return cluster.clusterId();
    }

    @Override
    public String describe() {
        return cluster.describe() + (proxy == null ? "" : "; clients through " + proxy.describe());
    }

    @Override
    public String kafkaVersion() {
        return cluster.kafkaVersion();
    }

    @Override
    public Map<String, Object> software() {
        Map<String, Object> m = new LinkedHashMap<>(cluster.software());
        m.put(RunFields.PROXY, "kroxylicious 0.12.0 (" + libs + ")");
        return m;
    }

    @Override
    public Map<String, String> brokerSettings() {
        return cluster.brokerSettings();
    }

    @Override
    public Map<Integer, String> nodeAddresses() {
        return cluster.nodeAddresses();
    }

    @Override
    public List<String> controllerAddresses() {
        return cluster.controllerAddresses();
    }

    @Override
    public Map<Integer, List<Path>> logDirs() {
        return cluster.logDirs();
    }

    @Override
    public Map<Integer, Path> metadataLogDirs() {
        return cluster.metadataLogDirs();
    }

    @Override
    public List<Integer> nodeIds() {
        return cluster.nodeIds();
    }

    @Override
    public List<Integer> controllerIds() {
        return cluster.controllerIds();
    }

    @Override
    public List<Integer> initialVoterIds() {
        return cluster.initialVoterIds();
    }

    @Override
    public List<String> controllerEndpoints(int node) {
        return cluster.controllerEndpoints(node);
    }

    @Override
    public void kill(int node) {
        cluster.kill(node);
    }

    @Override
    public void start(int node) {
        cluster.start(node);
    }

    @Override
    public void stop(int node) {
        cluster.stop(node);
    }

    @Override
    public void pause(int node) {
        cluster.pause(node);
    }

    @Override
    public void resume(int node) {
        cluster.resume(node);
    }

    @Override
    public boolean isRunning(int node) {
        return cluster.isRunning(node);
    }

    @Override
    public boolean isPaused(int node) {
        return cluster.isPaused(node);
    }

    @Override
    public Optional<NetworkControl> network() {
        return cluster.network();
    }

    @Override
    public Optional<ToxicControl> toxics() {
        return cluster.toxics();
    }

    @Override
    public Optional<StorageControl> storage() {
        return cluster.storage();
    }

    @Override
    public Optional<PowerControl> power() {
        return cluster.power();
    }

    @Override
    public void stopAll() {
        closeProxy();
        cluster.stopAll();
    }

    @Override
    public void close() {
        closeProxy();
        cluster.close();
    }

    private void closeProxy() {
        if (proxy != null) proxy.close();
        proxy = null;
    }

    @Override
    public Optional<java.nio.file.Path> bucket() {
        return cluster.bucket();
    }
}
