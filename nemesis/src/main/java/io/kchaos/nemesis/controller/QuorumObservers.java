package io.kchaos.nemesis.controller;

import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.QuorumState;
import io.kchaos.nemesis.cluster.RaftVoter;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The controllers a dynamic quorum started without ({@code --initial-voters}) that could be added as voters now: each
 * running and not paused, not a voter, and fetching from the leader with a directory id, named with that id and the
 * controller endpoint the backend gave it. A voter of the start that another fault removed is not one of them: that
 * fault's heal adds it back.
 */
final class QuorumObservers {
    private QuorumObservers() {
    }

    /** The observing controllers to add, in id order; none when the quorum has no leader or its observers cannot be read. */
    static List<RaftVoter> toAdd(NemesisContext ctx) {
        Optional<QuorumState> quorum = ctx.quorum().state();
        if (quorum.isEmpty()) return List.of();
        Map<Integer, String> fetching = ctx.operations().raftObservers().orElse(List.of()).stream()
                .collect(Collectors.toMap(RaftVoter::id, RaftVoter::directoryId, (a, b) -> a));
        List<Integer> initial = ctx.cluster().initialVoterIds();
        return ctx.cluster().controllerIds().stream()
                .filter(id -> !initial.contains(id) && !quorum.get().voters().contains(id))
                .filter(id -> ctx.cluster().isRunning(id) && !ctx.cluster().isPaused(id) && fetching.containsKey(id))
                .filter(id -> !ctx.cluster().controllerEndpoints(id).isEmpty())
                .map(id -> new RaftVoter(id, fetching.get(id), ctx.cluster().controllerEndpoints(id)))
                .toList();
    }
}
