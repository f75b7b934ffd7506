package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultRole;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.QuorumState;

import java.util.List;
import java.util.Optional;

/**
 * The node a controller fault aims at: the metadata quorum's leader as {@code describeMetadataQuorum} names it, when
 * it runs and is not paused, with the epoch it leads.
 *
 * @param node  the active controller's node id
 * @param epoch its leader epoch
 */
record ActiveController(int node, int epoch) {
    /** Field of a heal op's value: the quorum's leader and epoch just before the heal. */
    static final String AFTER = "controller-after";

    /** The active controller now, if the quorum names one that runs and is not paused. */
    static Optional<ActiveController> find(NemesisContext ctx) {
        return ctx.quorum().state()
                .filter(s -> ctx.cluster().isRunning(s.leader()) && !ctx.cluster().isPaused(s.leader()))
                .map(s -> new ActiveController(s.leader(), s.epoch()));
    }

    /** {@code {"nodes": [4], "role": "controller", "epoch": 7}} */
    ObjectNode toJson() {
        ObjectNode v = NemesisRecorder.nodes(List.of(node));
        FaultRole.plain(v, FaultRole.CONTROLLER);
        return v.put(FaultRole.EPOCH, epoch);
    }

    /** Writes {@code "controller-after": {"leader": 5, "epoch": 8}} into {@code value} when the quorum answers. */
    static void after(NemesisContext ctx, ObjectNode value) {
        ctx.quorum().state().ifPresent((QuorumState s) -> value.putObject(AFTER).put("leader", s.leader()).put("epoch", s.epoch()));
    }
}
