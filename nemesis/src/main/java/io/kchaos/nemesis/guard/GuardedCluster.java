package io.kchaos.nemesis.guard;

import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.ProtocolControl;
import io.kchaos.nemesis.cluster.ToxicControl;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The cluster as the fault schedule sees it while a maintenance step runs beside it: every kill, stop, pause and
 * network fault first waits until no step holds the nodes it touches ({@link NodeGuard}), and a held node does not
 * count as running, so faults do not pick it; start, resume and heal tell the guard the nodes are whole again.
 */
public final class GuardedCluster implements ClusterControl {
    private static final String PARTITION = "partition";
    private static final String LINKS = "links";

    private final ClusterControl cluster;
    private final NodeGuard guard;

    public GuardedCluster(ClusterControl cluster, NodeGuard guard) {
        this.cluster = cluster;
        this.guard = guard;
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
        guard.disturb(Set.of(node));
        cluster.kill(node);
    }

    @Override
    public void start(int node) {
        cluster.start(node);
        guard.restore(node);
    }

    @Override
    public void stop(int node) {
        guard.disturb(Set.of(node));
        cluster.stop(node);
    }

    @Override
    public void pause(int node) {
        guard.disturb(Set.of(node));
        cluster.pause(node);
    }

    @Override
    public void resume(int node) {
        cluster.resume(node);
        guard.restore(node);
    }

    /** False while a step holds the node: to the faults it is out of service, so none picks it as a target. */
    @Override
    public boolean isRunning(int node) {
        return !guard.isHeld(node) && cluster.isRunning(node);
    }

    @Override
    public boolean isPaused(int node) {
        return cluster.isPaused(node);
    }

    @Override
    public Optional<NetworkControl> network() {
        return cluster.network().map(GuardedNetwork::new);
    }

    @Override
    public Optional<ToxicControl> toxics() {
        return cluster.toxics();
    }

    @Override
    public Optional<ProtocolControl> protocol() {
        return cluster.protocol();
    }

    /** Network faults that wait for the guard, and heals that release it. */
    private final class GuardedNetwork implements NetworkControl {
        private final NetworkControl net;

        GuardedNetwork(NetworkControl net) {
            this.net = net;
        }

        @Override
        public void partition(Collection<? extends Set<Integer>> components) {
            guard.disturbNetwork(PARTITION);
            net.partition(components);
        }

        @Override
        public void partitionClients(Set<Integer> nodes) {
            guard.disturbNetwork(PARTITION);
            net.partitionClients(nodes);
        }

        @Override
        public void healPartitions() {
            net.healPartitions();
            guard.restoreNetwork(PARTITION);
        }

        @Override
        public void slow(Set<Integer> nodes, int delayMs, int jitterMs) {
            guard.disturbNetwork(LINKS);
            net.slow(nodes, delayMs, jitterMs);
        }

        @Override
        public void flaky(Set<Integer> nodes, double lossPercent) {
            guard.disturbNetwork(LINKS);
            net.flaky(nodes, lossPercent);
        }

        @Override
        public void healLinks() {
            net.healLinks();
            guard.restoreNetwork(LINKS);
        }

        @Override
        public void healAll() {
            net.healAll();
            guard.restoreNetwork(PARTITION);
            guard.restoreNetwork(LINKS);
        }
    }

    @Override
    public Optional<java.nio.file.Path> bucket() {
        return cluster.bucket();
    }
}
