package io.kchaos.nemesis.process;

import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.TopicView;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A tiny simulated cluster for process nemeses: one partition per entry of {@code replicas} (leader first). A paused
 * follower leaves the ISR at once (when {@code isrShrinks}); a killed leader is replaced by a live replica once no
 * replica is paused (an unclean election); every call is logged.
 */
final class SimCluster implements ClusterControl, TopicView {
    final List<String> calls = new ArrayList<>();
    private final List<Integer> nodes;
    private final List<List<Integer>> replicas;
    private final Map<Integer, Integer> leaders = new HashMap<>();
    private final Set<Integer> dead = new HashSet<>();
    private final Set<Integer> paused = new HashSet<>();
    boolean isrShrinks = true;

    SimCluster(int n, List<List<Integer>> replicas) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 1; i <= n; i++) ids.add(i);
        this.nodes = List.copyOf(ids);
        this.replicas = replicas;
        for (int p = 0; p < replicas.size(); p++) leaders.put(p, replicas.get(p).get(0));
    }

    @Override
    public List<Integer> nodeIds() {
        return nodes;
    }

    @Override
    public synchronized void kill(int node) {
        calls.add("kill " + node);
        dead.add(node);
    }

    @Override
    public synchronized void start(int node) {
        calls.add("start " + node);
        dead.remove(node);
    }

    @Override
    public synchronized void stop(int node) {
        calls.add("stop " + node);
        dead.add(node);
    }

    @Override
    public synchronized void pause(int node) {
        calls.add("pause " + node);
        paused.add(node);
    }

    @Override
    public synchronized void resume(int node) {
        calls.add("resume " + node);
        paused.remove(node);
    }

    @Override
    public synchronized boolean isRunning(int node) {
        return !dead.contains(node);
    }

    @Override
    public synchronized boolean isPaused(int node) {
        return paused.contains(node);
    }

    @Override
    public Optional<NetworkControl> network() {
        return Optional.empty();
    }

    @Override
    public int partitions() {
        return replicas.size();
    }

    @Override
    public synchronized Optional<Integer> leader(int partition) {
        int l = leaders.get(partition);
        if (dead.contains(l) && paused.isEmpty()) {
            Optional<Integer> next = replicas.get(partition).stream().filter(n -> !dead.contains(n)).findFirst();
            next.ifPresent(n -> leaders.put(partition, n));
            return next;
        }
        return dead.contains(l) ? Optional.empty() : Optional.of(l);
    }

    @Override
    public List<Integer> replicas(int partition) {
        return replicas.get(partition);
    }

    @Override
    public synchronized List<Integer> isr(int partition) {
        return replicas.get(partition).stream().filter(n -> !dead.contains(n) && !(isrShrinks && paused.contains(n))).toList();
    }
}
