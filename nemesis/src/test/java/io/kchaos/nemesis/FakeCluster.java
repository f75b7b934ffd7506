package io.kchaos.nemesis;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.cluster.Coordinated;
import io.kchaos.nemesis.cluster.CoordinatorView;
import io.kchaos.nemesis.cluster.ProtocolControl;
import io.kchaos.nemesis.cluster.ProtocolRule;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.cluster.StorageControl;
import io.kchaos.nemesis.cluster.TopicView;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.cluster.ToxicControl;
import io.kchaos.nemesis.cluster.Traffic;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import java.util.TreeSet;

/**
 * A simulated cluster for nemesis tests, with every control a backend may offer (processes, network, proxies,
 * coordinators, data directories and power), each of which can be left out. One partition per entry of {@code replicas} (leader first; an empty
 * entry is a partition with no leader known). A paused
 * follower leaves the ISR at once; a killed leader is replaced by a live replica once no replica is paused (an unclean
 * election); the workload's coordinators sit on one node and move to the next live one when it is killed or cut off.
 * Every control call is logged in {@link #calls}, e.g. {@code kill 2} or {@code partition [[1], [2, 3]]}. A power cut
 * drops bytes 100 to 1000+n of one segment on each node n it cuts.
 */
public final class FakeCluster implements ClusterControl, TopicView, CoordinatorView, NetworkControl, ToxicControl,
        StorageControl, PowerControl, ProtocolControl {
    public final List<String> calls = new ArrayList<>();
    private final List<Integer> nodes;
    private final List<List<Integer>> replicas;
    private final Map<Integer, Integer> leaders = new HashMap<>();
    private final Set<Integer> dead = new HashSet<>();
    private final Set<Integer> paused = new HashSet<>();
    private final Map<Coordinated, Integer> coordinators = new LinkedHashMap<>();
    private boolean withNetwork;
    private boolean withToxics;
    private boolean withStorage;
    private boolean withProtocol;
    private boolean isrShrinks = true;

    /** {@code n} nodes, partitions replicated as listed (leader first), no network or proxy control, no coordinators. */
    public FakeCluster(int n, List<List<Integer>> replicas) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 1; i <= n; i++) ids.add(i);
        this.nodes = List.copyOf(ids);
        this.replicas = replicas;
        for (int p = 0; p < replicas.size(); p++) {
            if (!replicas.get(p).isEmpty()) leaders.put(p, replicas.get(p).get(0)); // no replicas: no leader known
        }
    }

    /** Three nodes, three partitions of replication factor 2 led by nodes 1, 2 and 3, every control, a transactional id and a group coordinated by node 2. */
    public static FakeCluster full() {
        return new FakeCluster(3, List.of(List.of(1, 2), List.of(2, 3), List.of(3, 1)))
                .withNetwork().withToxics().withStorage().withProtocol()
                .coordinating(new Coordinated(Coordinated.Kind.TRANSACTION, "kchaos-txn-0"), 2)
                .coordinating(new Coordinated(Coordinated.Kind.GROUP, "kchaos-group"), 2);
    }

    /** Offers network control (iptables, netem), as the local backend does as root. */
    public FakeCluster withNetwork() {
        withNetwork = true;
        return this;
    }

    /** Offers proxy control (Toxiproxy), as the Docker backend does. */
    public FakeCluster withToxics() {
        withToxics = true;
        return this;
    }

    /** Offers protocol control (the kchaos proxy), as every backend does behind the proxy. */
    public FakeCluster withProtocol() {
        withProtocol = true;
        return this;
    }

    /** Offers storage and power control (data directories, fsync tracking), as the local backend does. */
    public FakeCluster withStorage() {
        withStorage = true;
        return this;
    }

    /** A workload target coordinated by {@code node} (null: its coordinator cannot be found out). */
    public FakeCluster coordinating(Coordinated target, Integer node) {
        coordinators.put(target, node);
        return this;
    }

    /** Whether a paused follower leaves the ISR (true by default). */
    public FakeCluster isrShrinks(boolean shrinks) {
        isrShrinks = shrinks;
        return this;
    }

    /** A nemesis context on this cluster, recording to {@code recorder}, seeded. */
    public NemesisContext context(NemesisRecorder recorder, long seed) {
        return new NemesisContext(this, this, recorder, new Random(seed), this);
    }

    private void log(String call) {
        calls.add(call);
    }

    /** Coordinators on {@code node} move to the next live node after it (in id order, wrapping around). */
    private void moveCoordinatorsFrom(int node) {
        int at = nodes.indexOf(node);
        Integer next = null;
        for (int i = 1; i < nodes.size() && next == null; i++) {
            int candidate = nodes.get((at + i) % nodes.size());
            if (!dead.contains(candidate)) next = candidate;
        }
        Integer to = next;
        coordinators.replaceAll((t, n) -> Objects.equals(n, node) && to != null ? to : n);
    }

    @Override
    public List<Integer> nodeIds() {
        return nodes;
    }

    @Override
    public synchronized void kill(int node) {
        log("kill " + node);
        dead.add(node);
        moveCoordinatorsFrom(node);
    }

    @Override
    public synchronized void start(int node) {
        log("start " + node);
        dead.remove(node);
    }

    @Override
    public synchronized void stop(int node) {
        log("stop " + node);
        dead.add(node);
    }

    @Override
    public synchronized void pause(int node) {
        log("pause " + node);
        paused.add(node);
    }

    @Override
    public synchronized void resume(int node) {
        log("resume " + node);
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
        return withNetwork ? Optional.of(this) : Optional.empty();
    }

    @Override
    public Optional<ToxicControl> toxics() {
        return withToxics ? Optional.of(this) : Optional.empty();
    }

    @Override
    public Optional<ProtocolControl> protocol() {
        return withProtocol ? Optional.of(this) : Optional.empty();
    }

    // ProtocolControl: records the calls

    @Override
    public synchronized void add(ProtocolRule rule) {
        calls.add("proxy-add " + rule.toJson());
    }

    @Override
    public synchronized void remove(String id) {
        calls.add("proxy-remove " + id);
    }

    @Override
    public synchronized void clear() {
        calls.add("proxy-clear");
    }

    @Override
    public void onAction(Consumer<ObjectNode> listener) {
    }

    @Override
    public Optional<StorageControl> storage() {
        return withStorage ? Optional.of(this) : Optional.empty();
    }

    @Override
    public Optional<PowerControl> power() {
        return withStorage ? Optional.of(this) : Optional.empty();
    }

    // TopicView

    @Override
    public int partitions() {
        return replicas.size();
    }

    @Override
    public synchronized Optional<Integer> leader(int partition) {
        Integer l = leaders.get(partition);
        if (l == null) return Optional.empty();
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

    /** A dead node is fenced at once: the fake controller has no session to wait out. */
    @Override
    public synchronized Optional<Set<Integer>> unfencedBrokers() {
        Set<Integer> live = new TreeSet<>(nodeIds());
        live.removeAll(dead);
        return Optional.of(live);
    }

    @Override
    public synchronized List<Integer> isr(int partition) {
        return replicas.get(partition).stream().filter(n -> !dead.contains(n) && !(isrShrinks && paused.contains(n))).toList();
    }

    // CoordinatorView

    @Override
    public synchronized List<Coordinated> targets() {
        return List.copyOf(coordinators.keySet());
    }

    @Override
    public synchronized Optional<Integer> coordinator(Coordinated target) {
        return Optional.ofNullable(coordinators.get(target));
    }

    // NetworkControl

    @Override
    public synchronized void partition(Collection<? extends Set<Integer>> components) {
        log("partition " + components.stream().map(c -> new TreeSet<>(c).toString()).toList());
        for (Set<Integer> c : components) {
            if (c.size() == 1) moveCoordinatorsFrom(c.iterator().next());
        }
    }

    @Override
    public void partitionClients(Set<Integer> cut) {
        log("partition-clients " + new TreeSet<>(cut));
    }

    @Override
    public void healPartitions() {
        log("heal-partitions");
    }

    @Override
    public void slow(Set<Integer> slowed, int delayMs, int jitterMs) {
        log("slow " + new TreeSet<>(slowed) + " " + delayMs + " " + jitterMs);
    }

    @Override
    public void flaky(Set<Integer> lossy, double lossPercent) {
        log("flaky " + new TreeSet<>(lossy) + " " + lossPercent);
    }

    @Override
    public void healLinks() {
        log("heal-links");
    }

    // ToxicControl (healAll is NetworkControl's and ToxicControl's: both undo everything)

    @Override
    public void add(Set<Integer> on, Set<Traffic> traffic, Toxic toxic) {
        log("add " + new TreeSet<>(on) + " " + new TreeSet<>(traffic) + " " + toxic);
    }

    @Override
    public void remove(Set<Integer> on, Set<Traffic> traffic) {
        log("remove " + new TreeSet<>(on) + " " + new TreeSet<>(traffic));
    }

    @Override
    public void isolate(Set<Integer> isolated) {
        log("isolate " + new TreeSet<>(isolated));
    }

    @Override
    public void rejoin(Set<Integer> rejoined) {
        log("rejoin " + new TreeSet<>(rejoined));
    }

    @Override
    public void healAll() {
        log("heal-all");
    }

    // StorageControl and PowerControl

    @Override
    public synchronized ObjectNode wipe(int node) {
        log("wipe " + node);
        return Json.object().put("directory-id", "fake-" + node);
    }

    @Override
    public synchronized ObjectNode fill(int node) {
        log("fill " + node);
        return Json.object().put("filled-bytes", 1024);
    }

    @Override
    public synchronized void free(int node) {
        log("free " + node);
    }

    @Override
    public synchronized Optional<ObjectNode> corruptSegment(int node, Random random) {
        log("corrupt-segment " + node);
        return Optional.of(Json.object().put("file", "t-0/00000000000000000000.log").put("offset", 0));
    }

    @Override
    public synchronized Map<Integer, List<DroppedBytes>> cut(List<Integer> targets, boolean tornWrites, Random random) {
        log("cut " + targets + (tornWrites ? " torn" : ""));
        dead.addAll(targets);
        Map<Integer, List<DroppedBytes>> out = new java.util.TreeMap<>();
        targets.forEach(n -> out.put(n, List.of(new DroppedBytes("t-0/00000000000000000000.log", 1000 + n, 100))));
        return out;
    }
}
