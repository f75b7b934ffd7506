package io.kchaos.nemesis.network;

import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.TopicView;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** A cluster of n nodes with a fixed leader per partition and a network that records what it was asked to do. */
final class FakeCluster implements ClusterControl, TopicView {
    final List<Integer> nodes;
    final Map<Integer, Integer> leaders;
    final RecordingNetwork network;

    FakeCluster(int n, Map<Integer, Integer> leaders, boolean withNetwork) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 1; i <= n; i++) ids.add(i);
        this.nodes = List.copyOf(ids);
        this.leaders = leaders;
        this.network = withNetwork ? new RecordingNetwork() : null;
    }

    @Override
    public List<Integer> nodeIds() {
        return nodes;
    }

    @Override
    public void kill(int node) {
    }

    @Override
    public void start(int node) {
    }

    @Override
    public void stop(int node) {
    }

    @Override
    public void pause(int node) {
    }

    @Override
    public void resume(int node) {
    }

    @Override
    public boolean isRunning(int node) {
        return true;
    }

    @Override
    public boolean isPaused(int node) {
        return false;
    }

    @Override
    public Optional<NetworkControl> network() {
        return Optional.ofNullable(network);
    }

    @Override
    public int partitions() {
        return Math.max(1, leaders.size());
    }

    @Override
    public Optional<Integer> leader(int partition) {
        return Optional.ofNullable(leaders.get(partition));
    }

    @Override
    public List<Integer> replicas(int partition) {
        return nodes;
    }

    @Override
    public List<Integer> isr(int partition) {
        return nodes;
    }

    /** Records every call as a line, e.g. {@code partition [[1], [2, 3]]}. */
    static final class RecordingNetwork implements NetworkControl {
        final List<String> calls = new ArrayList<>();

        @Override
        public void partition(Collection<? extends Set<Integer>> components) {
            calls.add("partition " + components.stream().map(c -> new TreeSet<>(c).toString()).toList());
        }

        @Override
        public void partitionClients(Set<Integer> nodes) {
            calls.add("partition-clients " + new TreeSet<>(nodes));
        }

        @Override
        public void healPartitions() {
            calls.add("heal-partitions");
        }

        @Override
        public void slow(Set<Integer> nodes, int delayMs, int jitterMs) {
            calls.add("slow " + new TreeSet<>(nodes) + " " + delayMs + " " + jitterMs);
        }

        @Override
        public void flaky(Set<Integer> nodes, double lossPercent) {
            calls.add("flaky " + new TreeSet<>(nodes) + " " + lossPercent);
        }

        @Override
        public void healLinks() {
            calls.add("heal-links");
        }
    }
}
