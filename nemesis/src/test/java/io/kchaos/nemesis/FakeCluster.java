package io.kchaos.nemesis;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.cluster.QuorumState;
import io.kchaos.nemesis.cluster.QuorumView;
import io.kchaos.nemesis.cluster.Coordinated;
import io.kchaos.nemesis.cluster.CoordinatorView;
import io.kchaos.nemesis.cluster.ProtocolControl;
import io.kchaos.nemesis.cluster.ProtocolRule;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.OperationsView;
import io.kchaos.nemesis.cluster.RaftVoter;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.cluster.PowerControl.LieScope;
import io.kchaos.nemesis.cluster.StorageControl;
import io.kchaos.nemesis.cluster.TopicView;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.cluster.ToxicControl;
import io.kchaos.nemesis.cluster.Traffic;

import io.kchaos.nemesis.cluster.OperationsView.PartitionReplicas;
import io.kchaos.nemesis.cluster.OperationsView.Reassigning;
import org.apache.kafka.common.TopicPartition;

import java.nio.file.Path;
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
 * coordinators, data directories and power), each of which can be left out. One partition of the workload topic
 * {@code t} per entry of {@code replicas} (leader first; an empty entry is a partition with no leader known); other
 * topics, internal ones too, with {@link #withTopic}. A paused
 * follower leaves the ISR at once; a killed leader is replaced by a live replica once no replica is paused (an unclean
 * election); the workload's coordinators sit on one node and move to the next live one when it is killed or cut off.
 * Every control call is logged in {@link #calls}, e.g. {@code kill 2} or {@code partition [[1], [2, 3]]}. A power cut
 * drops bytes 100 to 1000+n of one segment on each node n it cuts. With {@link #withControllers} it runs dedicated
 * controllers after the brokers' ids; the quorum's leader (the first voter, epoch 1) moves to the next live, unpaused
 * voter in a new epoch when it is killed, paused or cut off alone from the other voters; a voter started while the
 * quorum has no live leader becomes it, in a new epoch.
 */
public final class FakeCluster implements ClusterControl, TopicView, CoordinatorView, NetworkControl, ToxicControl,
        StorageControl, PowerControl, ProtocolControl, QuorumView, OperationsView {
    public final List<String> calls = new ArrayList<>();
    private final List<Integer> nodes;
    private final List<List<Integer>> replicas;
    private final Map<Integer, Integer> leaders = new HashMap<>();
    private final Set<Integer> dead = new HashSet<>();
    private final Set<Integer> paused = new HashSet<>();
    private final Map<Coordinated, Integer> coordinators = new LinkedHashMap<>();
    private final Map<Coordinated, Integer> epochs = new HashMap<>();
    private boolean withNetwork;
    private boolean withToxics;
    private boolean withStorage;
    private boolean withProtocol;
    private boolean isrShrinks = true;
    private List<Integer> controllers = List.of();
    private Integer quorumLeader;
    private int quorumEpoch = 1;
    private final Set<Integer> removedVoters = new TreeSet<>();
    /** Each voter's metadata directory id, as the quorum knows it ("dir-N" until an addition names another). */
    private final Map<Integer, String> voterDirectories = new HashMap<>();
    private int voterAddsToRefuse;
    /** Voter additions accepted but never applied: the quorum, read back, keeps its voters (a negative control). */
    private boolean voterAddsIgnored;
    /** The voters the quorum started with; null: every controller (or node). */
    private List<Integer> initialVoters;
    private int voterRemovalsToRefuse;
    private final Map<Integer, List<Integer>> moving = new LinkedHashMap<>();
    private final Map<String, List<List<Integer>>> otherTopics = new java.util.TreeMap<>();
    private final Set<String> lingering = new HashSet<>();
    /** Each broker's partition dirs left behind by moves of a topic whose dirs linger. */
    private final Map<Integer, Set<TopicPartition>> leftDirs = new HashMap<>();
    private final Map<String, String> topicConfigs = new HashMap<>();
    private final Map<Integer, List<Integer>> stuckIsr = new HashMap<>();
    private final Map<Integer, Map<String, String>> laggingConfigs = new HashMap<>();
    private long throttle;
    private final Set<Integer> throttled = new TreeSet<>();
    private boolean liftsLost;
    private final java.util.ArrayDeque<Long> highWatermarks = new java.util.ArrayDeque<>();
    private final java.util.ArrayDeque<Long> epochStarts = new java.util.ArrayDeque<>();
    private int logDirCount = 1;
    private Path bucket;
    private boolean logDirMovesStuck;
    /** Each replica's (broker, partition) log dir and future log dir, once moved; unmoved replicas are in their broker's first dir. */
    private final Map<List<Integer>, OperationsView.ReplicaDir> replicaDirs = new HashMap<>();

    /** {@code n} nodes, partitions replicated as listed (leader first), no network or proxy control, no coordinators. */
    public FakeCluster(int n, List<List<Integer>> replicas) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 1; i <= n; i++) ids.add(i);
        this.nodes = List.copyOf(ids);
        this.replicas = new ArrayList<>(replicas);
        for (int p = 0; p < replicas.size(); p++) {
            if (!replicas.get(p).isEmpty()) leaders.put(p, replicas.get(p).get(0)); // no replicas: no leader known
        }
    }

    /**
     * Three nodes with two log dirs each, three partitions of replication factor 2 led by nodes 1, 2 and 3, every
     * control, a transactional id and a group coordinated by node 2.
     */
    public static FakeCluster full() {
        return new FakeCluster(3, List.of(List.of(1, 2), List.of(2, 3), List.of(3, 1)))
                .withNetwork().withToxics().withStorage().withProtocol().withLogDirs(2)
                .coordinating(new Coordinated(Coordinated.Kind.TRANSACTION, "kchaos-txn-0"), 2)
                .coordinating(new Coordinated(Coordinated.Kind.GROUP, "kchaos-group"), 2);
    }

    /** Runs {@code m} dedicated controllers, ids after the brokers'; the first one leads the quorum in epoch 1. */
    public FakeCluster withControllers(int m) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 1; i <= m; i++) ids.add(nodes.size() + i);
        controllers = List.copyOf(ids);
        quorumLeader = ids.get(0);
        return this;
    }

    /**
     * A dynamic quorum that starts with the first {@code k} controllers as voters (--initial-voters); the others observe it,
     * fetching with directory id "dir-N", until added.
     */
    public synchronized FakeCluster withInitialVoters(int k) {
        initialVoters = List.copyOf(controllers.subList(0, k));
        removedVoters.addAll(controllers.subList(k, controllers.size()));
        return this;
    }

    @Override
    public List<Integer> initialVoterIds() {
        return initialVoters == null ? voterIds() : initialVoters;
    }

    @Override
    public List<String> controllerEndpoints(int node) {
        return controllers.contains(node) ? List.of("CONTROLLER://127.0.0.1:" + (9000 + node)) : List.of();
    }

    /** Voter additions are accepted from now on but never applied (the quorum keeps its voters). */
    public synchronized FakeCluster ignoreVoterAdds() {
        voterAddsIgnored = true;
        return this;
    }

    /** The high watermarks {@link #highWatermark} answers, one a read in this order (then unknown). */
    public synchronized FakeCluster highWatermarks(long... values) {
        for (long v : values) highWatermarks.add(v);
        return this;
    }

    @Override
    public synchronized java.util.OptionalLong highWatermark(int partition) {
        return next(highWatermarks);
    }

    /** The leader-epoch starts {@link #leaderEpochStart} answers, one a read in this order (then unknown). */
    public synchronized FakeCluster epochStarts(long... values) {
        for (long v : values) epochStarts.add(v);
        return this;
    }

    @Override
    public synchronized java.util.OptionalLong leaderEpochStart(int partition) {
        return next(epochStarts);
    }

    private static java.util.OptionalLong next(java.util.ArrayDeque<Long> answers) {
        Long v = answers.poll();
        return v == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(v);
    }

    /** Runs {@code action} on this cluster (seed 1) with a history under {@code dir}; the nemesis completions it recorded. */
    public List<io.kchaos.history.Op> nemesisCompletions(java.nio.file.Path dir, java.util.function.Consumer<NemesisContext> action) {
        java.nio.file.Path h = dir.resolve("h" + System.nanoTime() + ".jsonl");
        try (io.kchaos.history.HistoryWriter w = new io.kchaos.history.HistoryWriter(h)) {
            action.accept(context(new NemesisRecorder(w), 1));
        }
        List<io.kchaos.history.Op> out = new ArrayList<>();
        io.kchaos.history.HistoryFile.open(h).forEach((io.kchaos.history.Op op) -> {
            if (op.isNemesis() && !op.isInvoke()) out.add(op);
        });
        return out;
    }

    /** A combined-mode quorum led by {@code node} in epoch 1. */
    public FakeCluster quorumLedBy(Integer node) {
        quorumLeader = node;
        return this;
    }

    @Override
    public List<Integer> controllerIds() {
        return controllers;
    }

    @Override
    public synchronized Optional<QuorumState> state() {
        return quorumLeader == null ? Optional.empty() : Optional.of(new QuorumState(quorumLeader, quorumEpoch,
                voterIds().stream().filter(v -> !removedVoters.contains(v)).toList()));
    }

    // OperationsView's voter changes (KIP-853): a removal or addition is committed at once

    @Override
    public synchronized Optional<List<RaftVoter>> raftVoters() {
        return Optional.of(voterIds().stream().filter(v -> !removedVoters.contains(v))
                .map(v -> new RaftVoter(v, voterDirectories.getOrDefault(v, "dir-" + v), List.of("CONTROLLER://127.0.0.1:" + (9000 + v)))).toList());
    }

    /** The running nodes that are not voters, as the leader sees them fetch: controllers with "dir-N", brokers with "broker-dir-N". */
    @Override
    public synchronized Optional<List<RaftVoter>> raftObservers() {
        List<RaftVoter> out = new ArrayList<>();
        for (int b : nodes) if (!dead.contains(b) && controllers.size() > 0) out.add(new RaftVoter(b, "broker-dir-" + b, List.of()));
        for (int c : controllers) {
            if (removedVoters.contains(c) && !dead.contains(c)) out.add(new RaftVoter(c, voterDirectories.getOrDefault(c, "dir-" + c), List.of()));
        }
        return Optional.of(out);
    }

    @Override
    public synchronized void removeRaftVoter(RaftVoter voter) {
        log("remove-voter " + voter.id());
        if (voterRemovalsToRefuse > 0) {
            voterRemovalsToRefuse--;
            throw new IllegalStateException("NotLeaderOrFollowerException: ");
        }
        removedVoters.add(voter.id());
    }

    /** The next {@code n} voter removals are refused, as during a quorum leader change. */
    public synchronized FakeCluster refuseVoterRemovals(int n) {
        voterRemovalsToRefuse = n;
        return this;
    }

    @Override
    public synchronized void addRaftVoter(RaftVoter voter) {
        log("add-voter " + voter.id() + " " + voter.directoryId() + " " + voter.endpoints());
        if (voterAddsToRefuse > 0) {
            voterAddsToRefuse--;
            throw new IllegalStateException("NotLeaderOrFollowerException: ");
        }
        if (voterAddsIgnored) return;
        removedVoters.remove(voter.id());
        voterDirectories.put(voter.id(), voter.directoryId());
    }

    /** The next {@code n} voter additions are refused, as during a quorum leader change. */
    public synchronized FakeCluster refuseVoterAdds(int n) {
        voterAddsToRefuse = n;
        return this;
    }

    /** The quorum's leader moves from {@code node} to the next live, unpaused voter, in a new epoch. */
    private void moveQuorumFrom(int node) {
        if (!Objects.equals(quorumLeader, node)) return;
        List<Integer> voters = voterIds();
        int at = voters.indexOf(node);
        for (int i = 1; i < voters.size(); i++) {
            int candidate = voters.get((at + i) % voters.size());
            if (!dead.contains(candidate) && !paused.contains(candidate) && !removedVoters.contains(candidate)) {
                quorumLeader = candidate;
                quorumEpoch++;
                return;
            }
        }
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

    /** Shares the tiered-storage bucket folder {@code dir} among the brokers, as a {@code --tiered} run does. */
    public FakeCluster withBucket(Path dir) {
        bucket = dir;
        return this;
    }

    /** Gives every broker {@code n} log dirs, {@code /d/<node>/disk-K}; every replica starts in the first. */
    public FakeCluster withLogDirs(int n) {
        logDirCount = n;
        return this;
    }

    /** Log-dir moves are accepted but never finish: the future replica stays (a copy that never catches up). */
    public FakeCluster logDirMovesStuck() {
        logDirMovesStuck = true;
        return this;
    }

    /** The log dir of {@code broker}'s replica of {@code partition}, as the broker would report it. */
    public synchronized String replicaLogDir(int broker, int partition) {
        return replicaDirs.getOrDefault(List.of(broker, partition), new OperationsView.ReplicaDir(dirOf(broker, 0), null)).current();
    }

    private static String dirOf(int broker, int k) {
        return "/d/" + broker + "/disk-" + k;
    }

    /** A workload target coordinated by {@code node} (null: its coordinator cannot be found out). */
    public FakeCluster coordinating(Coordinated target, Integer node) {
        coordinators.put(target, node);
        return this;
    }

    /** The producer epoch the target's coordinator reports from now on (none until set). */
    public synchronized FakeCluster producerEpoch(Coordinated target, int epoch) {
        epochs.put(target, epoch);
        return this;
    }

    /** Whether a paused follower leaves the ISR (true by default). */
    public FakeCluster isrShrinks(boolean shrinks) {
        isrShrinks = shrinks;
        return this;
    }

    /** Partition {@code p}'s ISR as the controller keeps it (e.g. a dead leader alone) until a leader is elected, instead of its live replicas. */
    public synchronized FakeCluster isrStuckAt(int p, List<Integer> isr) {
        stuckIsr.put(p, List.copyOf(isr));
        return this;
    }

    /** A throttle's removal is accepted from now on but never applied: its configs stay set (moves still complete). */
    public synchronized FakeCluster liftsLost() {
        liftsLost = true;
        return this;
    }

    /** Broker {@code node} reports the topic configs as they are now from then on: its copy of the metadata stopped applying changes. */
    public synchronized FakeCluster configLagsOn(int node) {
        laggingConfigs.put(node, new HashMap<>(topicConfigs));
        return this;
    }

    /** A nemesis context on this cluster, recording to {@code recorder}, seeded. */
    public NemesisContext context(NemesisRecorder recorder, long seed) {
        return new NemesisContext(this, this, recorder, new Random(seed), this, this, this);
    }

    /**
     * Injects {@code nemesis} on this cluster (seed 1), heals it twice (the second must do nothing), and returns the
     * history it recorded in a file under {@code dir}, one {@code "type f value"} line per op.
     */
    public List<String> injectAndHeal(FaultInjector nemesis, Path dir) {
        return injectAndHeal(nemesis, dir, 1);
    }

    /** {@link #injectAndHeal(FaultInjector, Path)} with the nemesis's random choices drawn from {@code seed}. */
    public List<String> injectAndHeal(FaultInjector nemesis, Path dir, long seed) {
        Path file = dir.resolve(nemesis.getClass().getSimpleName() + hashCode() + ".jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            Fault f = nemesis.inject(context(new NemesisRecorder(w), seed));
            f.heal();
            f.heal();
        }
        List<String> lines = new ArrayList<>();
        HistoryFile.open(file).forEach((Op op) -> lines.add(op.type().wire() + " " + op.f() + " " + op.value()));
        return lines;
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
        moveQuorumFrom(node);
    }

    @Override
    public synchronized void start(int node) {
        log("start " + node);
        dead.remove(node);
        // a restarted voter campaigns: it wins when the quorum had no live leader (it was that leader, or it is dead or paused)
        if (quorumLeader != null && voterIds().contains(node) && !removedVoters.contains(node)
                && (quorumLeader == node || dead.contains(quorumLeader) || paused.contains(quorumLeader))) {
            quorumLeader = node;
            quorumEpoch++;
        }
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
        moveQuorumFrom(node);
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
    public Optional<Path> bucket() {
        return Optional.ofNullable(bucket);
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
    public synchronized List<Integer> replicas(int partition) {
        List<Integer> now = replicas.get(partition);
        LaggingRead lag = laggingReads.get(partition);
        if (lag == null || !now.equals(lag.placed())) return now;
        if (!lag.servedOnce()) { // the first read after the move asks an up-to-date broker, the next a lagging one
            laggingReads.put(partition, new LaggingRead(lag.before(), lag.placed(), true));
            return now;
        }
        laggingReads.remove(partition);
        return lag.before();
    }

    /** A move's replica sets as brokers whose metadata lags still answer them, once, after one up-to-date read. */
    private record LaggingRead(List<Integer> before, List<Integer> placed, boolean servedOnce) {
    }

    private final Map<Integer, LaggingRead> laggingReads = new HashMap<>();
    private boolean lagAfterMoves;

    /** After each move, the second read of the partition's replicas still answers the old set (a lagging broker's metadata). */
    public synchronized FakeCluster lagAfterMoves() {
        lagAfterMoves = true;
        return this;
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
        if (stuckIsr.containsKey(partition)) return stuckIsr.get(partition);
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

    @Override
    public synchronized Optional<Integer> producerEpoch(Coordinated target) {
        return Optional.ofNullable(epochs.get(target));
    }

    // NetworkControl

    @Override
    public synchronized void partition(Collection<? extends Set<Integer>> components) {
        log("partition " + components.stream().map(c -> new TreeSet<>(c).toString()).toList());
        for (Set<Integer> c : components) {
            if (c.size() == 1) moveCoordinatorsFrom(c.iterator().next());
        }
        if (quorumLeader != null && components.stream().noneMatch(c -> c.contains(quorumLeader)
                && c.containsAll(voterIds().stream().filter(v -> !v.equals(quorumLeader)).toList()))) {
            moveQuorumFrom(quorumLeader);
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
    public synchronized ObjectNode replaceMetadataDisk(int node) {
        log("replace-metadata-disk " + node);
        return Json.object().put("directory-id", "fresh-" + node).put("directory-id-before", voterDirectories.getOrDefault(node, "dir-" + node));
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
        targets.forEach(this::moveQuorumFrom);
        Map<Integer, List<DroppedBytes>> out = new java.util.TreeMap<>();
        targets.forEach(n -> out.put(n, List.of(new DroppedBytes("t-0/00000000000000000000.log", 1000 + n, 100))));
        return out;
    }

    @Override
    public synchronized void lie(List<Integer> targets, LieScope scope) {
        log("lie " + targets + " " + scope.word());
    }

    // OperationsView: a reassignment completes at once unless replication is throttled (then it stays in progress
    // until the throttle is lifted or it is cancelled); a preferred election moves the leader to the first live replica;
    // an unclean one elects a leaderless partition's live ISR member, else its first live replica

    @Override
    public synchronized void reassign(Map<Integer, List<Integer>> targets) {
        log("reassign " + targets);
        targets.forEach((p, r) -> {
            if (throttle > 0) moving.put(p, List.copyOf(r));
            else place(p, r);
        });
    }

    private void place(int p, List<Integer> target) {
        if (lagAfterMoves) laggingReads.put(p, new LaggingRead(replicas.get(p), List.copyOf(target), false));
        replicas.set(p, List.copyOf(target));
        if (!target.contains(leaders.get(p))) leaders.put(p, target.get(0));
    }

    @Override
    public synchronized void cancelReassignments(Set<Integer> partitions) {
        log("cancel " + partitions);
        partitions.forEach(moving::remove);
    }

    @Override
    public synchronized Optional<Map<Integer, Reassigning>> reassignments() {
        Map<Integer, Reassigning> out = new LinkedHashMap<>();
        moving.forEach((p, to) -> {
            List<Integer> now = replicas.get(p);
            Set<Integer> all = new TreeSet<>(now);
            all.addAll(to);
            out.put(p, new Reassigning(List.copyOf(all), to.stream().filter(n -> !now.contains(n)).toList(),
                    now.stream().filter(n -> !to.contains(n)).toList()));
        });
        return Optional.of(out);
    }

    @Override
    public synchronized Map<Integer, String> electLeaders(boolean unclean, Set<Integer> partitions) {
        log((unclean ? "unclean" : "preferred") + " election " + partitions);
        Map<Integer, String> out = new java.util.TreeMap<>();
        for (int p : partitions) {
            if (unclean) {
                out.put(p, electAny(p));
                continue;
            }
            int preferred = replicas.get(p).get(0);
            if (Objects.equals(leaders.get(p), preferred) && !dead.contains(preferred)) out.put(p, "ElectionNotNeededException");
            else if (dead.contains(preferred)) out.put(p, "PreferredLeaderNotAvailableException");
            else {
                leaders.put(p, preferred);
                out.put(p, "ok");
            }
        }
        return out;
    }

    /** An unclean election of a leaderless partition, as Kafka's controller runs it: a live ISR member first, else any live replica. */
    private String electAny(int p) {
        if (leader(p).isPresent()) return "ElectionNotNeededException";
        List<Integer> live = replicas.get(p).stream().filter(n -> !dead.contains(n)).toList();
        Optional<Integer> chosen = live.stream().filter(isr(p)::contains).findFirst().or(() -> live.stream().findFirst());
        if (chosen.isEmpty()) return "EligibleLeadersNotAvailableException";
        leaders.put(p, chosen.get());
        stuckIsr.remove(p);
        return "ok";
    }

    @Override
    public synchronized void createPartitions(int total) {
        log("create partitions " + total);
        while (replicas.size() < total) {
            int p = replicas.size();
            List<Integer> r = List.of(nodes.get(p % nodes.size()), nodes.get((p + 1) % nodes.size()));
            replicas.add(r);
            leaders.put(p, r.get(0));
        }
    }

    // OperationsView on every topic: the workload topic is "t"; other topics (withTopic) complete a reassignment at
    // once; a broker's partition dirs are the partitions it is a replica of, and, for a topic whose dirs linger, those
    // moved off it too

    /** Adds topic {@code name}, partitions replicated as listed (leader first), e.g. {@code __consumer_offsets}. */
    public synchronized FakeCluster withTopic(String name, List<List<Integer>> partitions) {
        otherTopics.put(name, new ArrayList<>(partitions));
        return this;
    }

    /** A replica of {@code topic} moved off a broker leaves its partition directory there (the broker never deletes it). */
    public synchronized FakeCluster dirsLinger(String topic) {
        lingering.add(topic);
        return this;
    }

    /** Partition {@code p}'s replicas of topic {@code name} (the workload's is {@link #topicName()}). */
    public synchronized List<Integer> replicasOf(String name, int p) {
        return name.equals(topicName()) ? replicas.get(p) : otherTopics.get(name).get(p);
    }

    @Override
    public String topicName() {
        return "t";
    }

    @Override
    public synchronized Optional<Map<TopicPartition, PartitionReplicas>> everyPartition() {
        Map<TopicPartition, PartitionReplicas> out = new LinkedHashMap<>();
        for (int p = 0; p < replicas.size(); p++) out.put(new TopicPartition(topicName(), p), new PartitionReplicas(replicas.get(p), isr(p)));
        otherTopics.forEach((t, ps) -> {
            for (int p = 0; p < ps.size(); p++) {
                out.put(new TopicPartition(t, p), new PartitionReplicas(ps.get(p), ps.get(p).stream().filter(n -> !dead.contains(n)).toList()));
            }
        });
        return Optional.of(out);
    }

    @Override
    public synchronized void reassignAny(Map<TopicPartition, List<Integer>> targets) {
        Map<Integer, List<Integer>> workload = new java.util.TreeMap<>();
        targets.forEach((tp, r) -> {
            if (tp.topic().equals(topicName())) {
                workload.put(tp.partition(), r);
                return;
            }
            List<Integer> was = otherTopics.get(tp.topic()).set(tp.partition(), List.copyOf(r));
            log("reassign " + tp + " " + r);
            if (!lingering.contains(tp.topic())) return;
            was.stream().filter(b -> !r.contains(b)).forEach(b -> leftDirs.computeIfAbsent(b, k -> new java.util.LinkedHashSet<>()).add(tp));
        });
        if (!workload.isEmpty()) reassign(workload);
    }

    @Override
    public synchronized Optional<Map<TopicPartition, Reassigning>> everyReassignment() {
        Map<TopicPartition, Reassigning> out = new LinkedHashMap<>();
        reassignments().orElseThrow().forEach((p, r) -> out.put(new TopicPartition(topicName(), p), r));
        return Optional.of(out);
    }

    @Override
    public synchronized Optional<Set<TopicPartition>> partitionDirs(int broker) {
        if (dead.contains(broker)) return Optional.empty();
        Set<TopicPartition> out = new java.util.LinkedHashSet<>();
        everyPartition().orElseThrow().forEach((tp, r) -> {
            if (r.replicas().contains(broker)) out.add(tp);
        });
        out.addAll(leftDirs.getOrDefault(broker, Set.of()));
        return Optional.of(out);
    }

    // OperationsView's log dirs (JBOD): a move to another dir finishes at once unless moves are stuck; a move to the
    // dir the replica is in drops its future replica, as Kafka does

    @Override
    public synchronized Map<Integer, List<String>> logDirs() {
        Map<Integer, List<String>> out = new java.util.TreeMap<>();
        nodes.stream().filter(b -> !dead.contains(b)).forEach(b -> {
            List<String> dirs = new ArrayList<>();
            for (int k = 0; k < logDirCount; k++) dirs.add(dirOf(b, k));
            out.put(b, dirs);
        });
        return out;
    }

    @Override
    public synchronized Optional<ReplicaDir> replicaDir(int broker, int partition) {
        if (dead.contains(broker) || !replicas.get(partition).contains(broker)) return Optional.empty();
        return Optional.of(replicaDirs.getOrDefault(List.of(broker, partition), new ReplicaDir(dirOf(broker, 0), null)));
    }

    @Override
    public synchronized void moveReplicaDir(int broker, int partition, String dir) {
        log("move-log-dir " + broker + " " + partition + " " + dir);
        String current = replicaLogDir(broker, partition);
        boolean settles = dir.equals(current) || !logDirMovesStuck;
        replicaDirs.put(List.of(broker, partition), settles ? new ReplicaDir(dir, null) : new ReplicaDir(current, dir));
    }

    @Override
    public synchronized Optional<TopicConfig> topicConfig(String key) {
        return Optional.of(config(topicConfigs, key));
    }

    /** What a live broker reports: its own copy of the configs when it lags, else the current ones. */
    @Override
    public synchronized Map<Integer, TopicConfig> topicConfigOn(Collection<Integer> brokers, String key) {
        Map<Integer, TopicConfig> out = new java.util.TreeMap<>();
        brokers.stream().filter(b -> !dead.contains(b)).forEach(b -> out.put(b, config(laggingConfigs.getOrDefault(b, topicConfigs), key)));
        return out;
    }

    private static TopicConfig config(Map<String, String> configs, String key) {
        String v = configs.get(key);
        return v != null ? new TopicConfig(v, true) : new TopicConfig(key.equals("min.insync.replicas") ? "2" : null, false);
    }

    @Override
    public synchronized void setTopicConfig(String key, String value) {
        log("config " + key + "=" + value);
        if (value == null) topicConfigs.remove(key);
        else topicConfigs.put(key, value);
    }

    @Override
    public synchronized void throttle(Collection<Integer> brokers, long bytesPerSecond) {
        log("throttle " + brokers + " " + bytesPerSecond);
        throttle = bytesPerSecond;
        if (bytesPerSecond > 0) throttled.addAll(brokers);
        else if (!liftsLost) throttled.removeAll(brokers);
        if (bytesPerSecond == 0) {
            moving.forEach(this::place);
            moving.clear();
        }
    }

    @Override
    public synchronized Optional<List<String>> throttleConfigs(Collection<Integer> brokers) {
        List<String> set = new ArrayList<>();
        brokers.stream().sorted().filter(throttled::contains).forEach(b -> set.add("broker " + b + " leader.replication.throttled.rate"));
        if (!throttled.isEmpty()) set.add("topic leader.replication.throttled.replicas=*");
        return Optional.of(set);
    }
}
