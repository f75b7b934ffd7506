package io.kchaos.nemesis.replay;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.FaultRole;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.Coordinated;
import io.kchaos.nemesis.cluster.QuorumState;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Resolves a recorded fault op's role against the cluster of this run, at the moment of the op: the leader of
 * partition p now, the running replicas of p other than its leader now, the coordinator of the same transactional id
 * or group now, every node, the active controller now. A random node, and an op recorded without a role, keep the recorded node ids.
 */
public final class RoleResolver {
    /** The nodes resolved for one op, and how (for the history and the console). */
    public record Resolved(List<Integer> nodes, String how) {
    }

    private RoleResolver() {
    }

    /** The nodes {@code step} aims at now; empty nodes when its role has no holder right now (e.g. no leader). */
    public static Resolved resolve(RecordedSchedule.Step step, NemesisContext ctx) {
        Optional<FaultRole> role = step.role();
        if (role.isEmpty()) return new Resolved(List.copyOf(step.nodes()), "node ids " + step.nodes() + " (no role recorded)");
        FaultRole r = role.get();
        var cluster = ctx.cluster();
        var topic = ctx.topic();
        return switch (r.kind()) {
            case FaultRole.LEADER -> new Resolved(topic.leader(r.partition()).filter(cluster::isRunning).map(List::of).orElse(List.of()),
                    r.describe());
            case FaultRole.FOLLOWERS -> {
                Optional<Integer> leader = topic.leader(r.partition());
                List<Integer> candidates = topic.replicas(r.partition()).isEmpty() ? cluster.nodeIds() : topic.replicas(r.partition());
                List<Integer> followers = leader.isEmpty() ? List.of()
                        : candidates.stream().filter(n -> !n.equals(leader.get()) && cluster.isRunning(n)).sorted().toList();
                yield new Resolved(followers, r.describe());
            }
            case FaultRole.ALL -> new Resolved(cluster.nodeIds(), r.describe());
            case FaultRole.CONTROLLER -> new Resolved(ctx.quorum().state().map(QuorumState::leader).filter(cluster::isRunning)
                    .map(List::of).orElse(List.of()), r.describe());
            case FaultRole.COORDINATOR, FaultRole.GROUP_COORDINATOR -> coordinator(r.of(), ctx)
                    .map(n -> new Resolved(List.of(n), r.describe()))
                    .orElseGet(() -> new Resolved(List.copyOf(step.nodes()), r.describe() + " not found now: node ids " + step.nodes()));
            default -> new Resolved(List.copyOf(step.nodes()), "node ids " + step.nodes() + " (" + r.describe() + ")");
        };
    }

    private static Optional<Integer> coordinator(JsonNode of, NemesisContext ctx) {
        if (of == null) return Optional.empty();
        List<Coordinated> matching = new ArrayList<>();
        for (Coordinated c : ctx.coordinators().targets()) {
            if (c.toJson().equals(of)) matching.add(c);
        }
        return matching.isEmpty() ? Optional.empty() : ctx.coordinators().coordinator(matching.get(0));
    }
}
