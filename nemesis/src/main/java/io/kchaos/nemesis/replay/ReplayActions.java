package io.kchaos.nemesis.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.PowerControl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a replay does for each op it can replay: the fault ops (SIGKILL, clean stop, SIGSTOP, power loss, the network
 * faults) on the nodes resolved for them, and the heals that undo them (start, resume, network heals).
 */
final class ReplayActions {
    /** The fault ops a replay can do. */
    static final List<String> FAULTS = List.of("kill", "stop", "pause", "power-loss", "partition", "partition-clients", "slow", "flaky");

    /** Names other tools write for a SIGKILL (docs/format.md), replayed as one. */
    private static final Set<String> KILL_NAMES = Set.of("crash", "kill-leader", "kill-random");

    private ReplayActions() {
    }

    static boolean replaysFault(String f) {
        return FAULTS.contains(f) || KILL_NAMES.contains(f);
    }

    /** Does the fault op {@code f} to {@code nodes} ({@code value}: the recorded details, e.g. a partition's groups). */
    static void fault(NemesisContext ctx, String f, List<Integer> nodes, JsonNode value) {
        var cluster = ctx.cluster();
        switch (f) {
            case "stop" -> nodes.forEach(cluster::stop);
            case "pause" -> nodes.forEach(cluster::pause);
            case "power-loss" -> {
                PowerControl power = cluster.power().orElseThrow(() -> new IllegalStateException("this cluster cannot cut power"));
                power.cut(nodes, value.path("torn-writes").asBoolean(false), ctx.random());
            }
            case "partition" -> network(ctx).partition(groups(value));
            case "partition-clients" -> network(ctx).partitionClients(new HashSet<>(nodes));
            case "slow" -> network(ctx).slow(new HashSet<>(nodes), value.path("delay-ms").asInt(200), value.path("jitter-ms").asInt(50));
            case "flaky" -> network(ctx).flaky(new HashSet<>(nodes), value.path("loss-percent").asDouble(20));
            default -> nodes.forEach(cluster::kill); // kill and the names other tools write for it
        }
    }

    /** Does the heal {@code f} for {@code nodes}, the nodes its faults hit in this run. */
    static void heal(NemesisContext ctx, String f, List<Integer> nodes) {
        var cluster = ctx.cluster();
        switch (f) {
            case "resume", "unpause" -> nodes.stream().filter(cluster::isPaused).forEach(cluster::resume);
            case "heal", "heal-network" -> network(ctx).healAll();
            case "heal-links" -> network(ctx).healLinks();
            case "free-disk", "heal-toxic", "rejoin", "heal-proxy" -> throw new IllegalStateException("a replay cannot do " + f);
            default -> nodes.stream().filter(n -> !cluster.isRunning(n)).forEach(cluster::start); // start, restart, recover
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
