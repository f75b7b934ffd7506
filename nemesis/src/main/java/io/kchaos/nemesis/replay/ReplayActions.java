package io.kchaos.nemesis.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.OperationFields;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.ClusterControl;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.network.NetworkFaultOptions;
import io.kchaos.nemesis.operation.Elections;
import io.kchaos.nemesis.operation.LogDirMove;
import io.kchaos.nemesis.operation.MoveWatch;
import io.kchaos.nemesis.operation.ThrottledReassignment;
import io.kchaos.nemesis.operation.TopicConfigChange;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a replay does for each op it can replay: the fault ops (SIGKILL, clean stop, SIGSTOP, power loss, the network
 * faults) on the nodes resolved for them, the heals that undo them (start, resume, network heals), and the planned
 * operations with their recorded targets: the one-offs ({@code reassign}, {@code drain-broker}, {@code elect-leaders},
 * {@code add-partitions}) and those a heal undoes ({@code alter-config}, {@code throttled-reassign},
 * {@code move-log-dir}), whose heal undoes what the replay did, read from the value the replay recorded for it. An op
 * is known by its record in {@link NemesisOps}, so another tool's name for a SIGKILL ({@code crash}, ...) replays as
 * one; a value without the recorded settings of a network fault takes the network faults' defaults, one without the
 * fields a planned operation's replay reads is refused.
 */
final class ReplayActions {
    /** One replayed fault op: {@code value}, the op's value in this run, holds the recorded details (e.g. a partition's groups) and takes what it saw. */
    private interface FaultAction {
        void run(NemesisContext ctx, List<Integer> nodes, ObjectNode value);
    }

    /** One replayed heal of a planned operation: undoes it as replayed ({@code replayed}: the value the replay recorded), recording into {@code into}. */
    private interface UndoAction {
        void run(NemesisContext ctx, JsonNode replayed, ObjectNode into);
    }

    private static final NetworkFaultOptions DEFAULTS = NetworkFaultOptions.defaults();
    private static final Map<FaultOp, FaultAction> FAULTS = new LinkedHashMap<>();
    /** The fields of its recorded value a planned operation's replay reads. */
    private static final Map<FaultOp, List<String>> NEEDS = new HashMap<>();
    private static final Map<String, UndoAction> UNDO = new LinkedHashMap<>();
    /** How long a replayed reassignment may take: the default of {@code reassign-timeout-seconds}. */
    private static final Duration MOVE_BOUND = Duration.ofSeconds(120);

    static {
        FAULTS.put(NemesisOps.KILL, (ctx, nodes, value) -> nodes.forEach(ctx.cluster()::kill));
        FAULTS.put(NemesisOps.STOP, (ctx, nodes, value) -> nodes.forEach(ctx.cluster()::stop));
        FAULTS.put(NemesisOps.PAUSE, (ctx, nodes, value) -> nodes.forEach(ctx.cluster()::pause));
        FAULTS.put(NemesisOps.POWER_LOSS, (ctx, nodes, value) -> {
            PowerControl power = ctx.cluster().power().orElseThrow(() -> new IllegalStateException("this cluster cannot cut power"));
            power.cut(nodes, value.path("torn-writes").asBoolean(false), ctx.random());
        });
        FAULTS.put(NemesisOps.PARTITION, (ctx, nodes, value) -> network(ctx).partition(groups(value)));
        FAULTS.put(NemesisOps.PARTITION_CLIENTS, (ctx, nodes, value) -> network(ctx).partitionClients(new HashSet<>(nodes)));
        FAULTS.put(NemesisOps.SLOW, (ctx, nodes, value) -> network(ctx).slow(new HashSet<>(nodes),
                value.path("delay-ms").asInt(DEFAULTS.latencyMs()), value.path("jitter-ms").asInt(DEFAULTS.jitterMs())));
        FAULTS.put(NemesisOps.FLAKY, (ctx, nodes, value) -> network(ctx).flaky(new HashSet<>(nodes),
                value.path("loss-percent").asDouble(DEFAULTS.lossPercent())));
        // each recorded partition (of any topic: a drain-broker's names them all) to its recorded replicas, until in place
        operation(NemesisOps.REASSIGN, (ctx, nodes, value) -> MoveWatch.replay(ctx, value, MOVE_BOUND), OperationFields.TO);
        operation(NemesisOps.DRAIN_BROKER, (ctx, nodes, value) -> MoveWatch.replay(ctx, value, MOVE_BOUND), OperationFields.TO);
        operation(NemesisOps.ELECT_LEADERS, (ctx, nodes, value) -> {
            Set<Integer> partitions = new TreeSet<>();
            value.path(OperationFields.PARTITIONS).forEach(p -> partitions.add(p.asInt()));
            Elections.elect(ctx, value.path(OperationFields.ELECTION).asText("preferred").equals("unclean"), partitions, value);
        }, OperationFields.PARTITIONS);
        operation(NemesisOps.ADD_PARTITIONS, (ctx, nodes, value) -> {
            int to = value.path(OperationFields.TO).asInt();
            if (ctx.topic().partitions() < to) ctx.operations().createPartitions(to);
        }, OperationFields.TO);
        operation(NemesisOps.ALTER_CONFIG, (ctx, nodes, value) -> TopicConfigChange.alter(ctx, value),
                OperationFields.CONFIG, OperationFields.TO, OperationFields.FROM_OVERRIDE);
        UNDO.put(NemesisOps.RESTORE_CONFIG, TopicConfigChange::restore);
        operation(NemesisOps.THROTTLED_REASSIGN, (ctx, nodes, value) -> ThrottledReassignment.replay(ctx, value, MOVE_BOUND),
                OperationFields.TO, OperationFields.THROTTLE_BYTES);
        UNDO.put(NemesisOps.CANCEL_REASSIGNMENT, (ctx, replayed, into) -> ThrottledReassignment.cancelReplayed(ctx, replayed, into, MOVE_BOUND));
        operation(NemesisOps.MOVE_LOG_DIR, (ctx, nodes, value) -> LogDirMove.replay(ctx, oneNode(nodes), value, MOVE_BOUND),
                OperationFields.PARTITION, OperationFields.TO);
        UNDO.put(NemesisOps.RESTORE_LOG_DIR, (ctx, replayed, into) -> LogDirMove.restoreReplayed(ctx, replayed, into, MOVE_BOUND));
    }

    /** Declares the replay of a planned operation, which reads {@code needs} from its recorded value. */
    private static void operation(FaultOp op, FaultAction action, String... needs) {
        FAULTS.put(op, action);
        NEEDS.put(op, List.of(needs));
    }

    private static int oneNode(List<Integer> nodes) {
        if (nodes.size() != 1) throw new IllegalStateException("the op names " + nodes.size() + " nodes, not one: " + nodes);
        return nodes.get(0);
    }

    private ReplayActions() {
    }

    /** The names of the fault ops a replay can do, for messages. */
    static List<String> faults() {
        return FAULTS.keySet().stream().map(FaultOp::f).toList();
    }

    static boolean replaysFault(String f) {
        return NemesisOps.lookup(f).map(FAULTS::containsKey).orElse(false);
    }

    /** Why the recorded {@code value} of the fault op {@code f} cannot be replayed (a field its replay reads is missing), if it cannot. */
    static Optional<String> unreadable(String f, JsonNode value) {
        List<String> needs = NemesisOps.lookup(f).map(op -> NEEDS.getOrDefault(op, List.of())).orElse(List.of());
        List<String> missing = needs.stream().filter(n -> value == null || !value.hasNonNull(n)).map(n -> "\"" + n + "\"").toList();
        return missing.isEmpty() ? Optional.empty() : Optional.of("its value has no " + String.join(", ", missing));
    }

    /** True for a heal that undoes a planned operation: the run's final heal (starts, network heals) cannot do it. */
    static boolean undoesOperation(String f) {
        return UNDO.containsKey(f);
    }

    /**
     * Does the fault op {@code f} to {@code nodes}; {@code value} holds the recorded details (e.g. a partition's groups,
     * a reassignment's targets) and is the op's value in this run, into which a planned operation writes what it saw.
     */
    static void fault(NemesisContext ctx, String f, List<Integer> nodes, ObjectNode value) {
        FaultAction action = NemesisOps.lookup(f).map(FAULTS::get).orElseThrow(() -> new IllegalStateException("a replay cannot do " + f));
        action.run(ctx, nodes, value);
    }

    /**
     * Does the heal {@code f} for {@code nodes}, the nodes its faults hit in this run; a planned operation's heal undoes
     * each of {@code replayed} (the values this replay recorded for the faults it heals) and records into {@code into}.
     */
    static void heal(NemesisContext ctx, String f, List<Integer> nodes, List<JsonNode> replayed, ObjectNode into) {
        ClusterControl cluster = ctx.cluster();
        if (UNDO.containsKey(f)) {
            replayed.forEach(r -> UNDO.get(f).run(ctx, r, into));
        } else if (f.equals(NemesisOps.RESUME) || f.equals(NemesisOps.UNPAUSE)) {
            nodes.stream().filter(cluster::isPaused).forEach(cluster::resume);
        } else if (f.equals(NemesisOps.HEAL) || f.equals(NemesisOps.HEAL_NETWORK)) {
            network(ctx).healAll();
        } else if (f.equals(NemesisOps.HEAL_LINKS)) {
            network(ctx).healLinks();
        } else if (f.equals(NemesisOps.START) || f.equals(NemesisOps.RESTART) || f.equals(NemesisOps.RECOVER)) {
            NodeStart.startAll(ctx, nodes.stream().filter(n -> !cluster.isRunning(n)).toList());
        } else {
            throw new IllegalStateException("a replay cannot do " + f); // free-disk, heal-toxic, rejoin, heal-proxy, add-voter, heal-remote
        }
    }

    private static NetworkControl network(NemesisContext ctx) {
        return ctx.cluster().network().orElseThrow(() -> new IllegalStateException("this cluster cannot inject network faults (root and namespaces needed)"));
    }

    private static List<Set<Integer>> groups(JsonNode value) {
        List<Set<Integer>> out = new ArrayList<>();
        value.path("partition").forEach(g -> {
            Set<Integer> group = new HashSet<>();
            g.forEach(n -> group.add(n.asInt()));
            out.add(group);
        });
        return out;
    }
}
