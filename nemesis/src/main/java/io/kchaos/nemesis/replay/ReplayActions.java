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
import io.kchaos.nemesis.operation.MoveWatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a replay does for each op it can replay: the fault ops (SIGKILL, clean stop, SIGSTOP, power loss, the network
 * faults) on the nodes resolved for them, the heals that undo them (start, resume, network heals), and the planned
 * one-off operations with their recorded targets (a reassignment's or drain's new replica sets, an election, the
 * partition count: {@code reassign}, {@code drain-broker}, {@code elect-leaders}, {@code add-partitions}). An op is known
 * by its record in {@link NemesisOps}, so another tool's name for a SIGKILL ({@code crash}, ...) replays as one; a
 * value without the recorded settings of a network fault takes the network faults' defaults.
 */
final class ReplayActions {
    /** One replayed fault op: {@code value} holds the recorded details (e.g. a partition's groups). */
    private interface FaultAction {
        void run(NemesisContext ctx, List<Integer> nodes, JsonNode value);
    }

    private static final NetworkFaultOptions DEFAULTS = NetworkFaultOptions.defaults();
    private static final Map<FaultOp, FaultAction> FAULTS = new LinkedHashMap<>();
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
        FAULTS.put(NemesisOps.REASSIGN, (ctx, nodes, value) -> move(ctx, value));
        FAULTS.put(NemesisOps.DRAIN_BROKER, (ctx, nodes, value) -> move(ctx, value));
        FAULTS.put(NemesisOps.ELECT_LEADERS, (ctx, nodes, value) -> {
            Set<Integer> partitions = new TreeSet<>();
            value.path(OperationFields.PARTITIONS).forEach(p -> partitions.add(p.asInt()));
            Elections.elect(ctx, value.path(OperationFields.ELECTION).asText("preferred").equals("unclean"), partitions, (ObjectNode) value.deepCopy());
        });
        FAULTS.put(NemesisOps.ADD_PARTITIONS, (ctx, nodes, value) -> {
            int to = value.path("to").asInt();
            if (ctx.topic().partitions() < to) ctx.operations().createPartitions(to);
        });
    }

    /** Moves each recorded partition (of any topic: a drain-broker's names them all) to its recorded {@code to} replicas and waits until they are in place. */
    private static void move(NemesisContext ctx, JsonNode value) {
        MoveWatch.replay(ctx, (ObjectNode) value.deepCopy(), MOVE_BOUND);
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

    /** Does the fault op {@code f} to {@code nodes} ({@code value}: the recorded details, e.g. a partition's groups). */
    static void fault(NemesisContext ctx, String f, List<Integer> nodes, JsonNode value) {
        FaultAction action = NemesisOps.lookup(f).map(FAULTS::get).orElseThrow(() -> new IllegalStateException("a replay cannot do " + f));
        action.run(ctx, nodes, value);
    }

    /** Does the heal {@code f} for {@code nodes}, the nodes its faults hit in this run. */
    static void heal(NemesisContext ctx, String f, List<Integer> nodes) {
        ClusterControl cluster = ctx.cluster();
        if (f.equals(NemesisOps.RESUME) || f.equals(NemesisOps.UNPAUSE)) {
            nodes.stream().filter(cluster::isPaused).forEach(cluster::resume);
        } else if (f.equals(NemesisOps.HEAL) || f.equals(NemesisOps.HEAL_NETWORK)) {
            network(ctx).healAll();
        } else if (f.equals(NemesisOps.HEAL_LINKS)) {
            network(ctx).healLinks();
        } else if (f.equals(NemesisOps.START) || f.equals(NemesisOps.RESTART) || f.equals(NemesisOps.RECOVER)) {
            NodeStart.startAll(ctx, nodes.stream().filter(n -> !cluster.isRunning(n)).toList());
        } else {
            throw new IllegalStateException("a replay cannot do " + f); // free-disk, heal-toxic, rejoin, heal-proxy
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
