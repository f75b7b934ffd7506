package io.kchaos.checker.availability;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.ResultsFields.ControllerFailovers;

/**
 * What one fault aimed at the active controller did to the metadata quorum, as the controller timeline saw it: the
 * first leader of a higher epoch than the fault's, or none (no failover).
 *
 * @param f            the fault op's f (kill, pause, partition, power-loss)
 * @param heldAt       when the fault held, ns on the history's clock (its invocation when not seen to hold)
 * @param held         whether the fault op completed {@code ok}
 * @param leaderBefore the quorum's leader in {@code epochBefore}, -1 when unknown
 * @param epochBefore  the quorum's epoch when the fault began (the fault op's {@code epoch})
 * @param after        the first timeline entry of a higher epoch, null when none was seen
 * @param healedAt     the heal's completion, ns, when the fault was healed before any failover was seen; else -1
 */
public record ControllerFailover(String f, long heldAt, boolean held, int leaderBefore, int epochBefore,
                                 ControllerTimeline.Change after, long healedAt) {
    /** True when a leader of a higher epoch was seen. */
    public boolean failover() {
        return after != null;
    }

    /**
     * The time without a quorum leader known to the harness: from the fault holding to the first poll naming a higher
     * epoch (0 when that poll came before the fault's completion). Bounded below by the 0.5 s poll: it overstates
     * the true time by up to one poll interval plus one poll's latency.
     */
    public long leaderlessNanos() {
        if (after == null) throw new IllegalStateException("no failover");
        return Math.max(0, after.timeNanos() - heldAt);
    }

    /** True when the failover moved leadership to another node. */
    public boolean leaderMoved() {
        return after != null && after.leader() != leaderBefore;
    }

    /** The entry of {@code stats.controller-failovers.faults}. */
    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put(ControllerFailovers.F, f);
        o.put(ControllerFailovers.TIME_S, AvailabilityChecker.seconds(heldAt));
        o.put(ControllerFailovers.HELD, held);
        if (leaderBefore >= 0) o.put(ControllerFailovers.LEADER_BEFORE, leaderBefore);
        else o.putNull(ControllerFailovers.LEADER_BEFORE);
        o.put(ControllerFailovers.EPOCH_BEFORE, epochBefore);
        o.put(ControllerFailovers.FAILOVER, failover());
        if (failover()) {
            o.put(ControllerFailovers.LEADERLESS_S, AvailabilityChecker.seconds(leaderlessNanos()));
            o.put(ControllerFailovers.LEADER_AFTER, after.leader());
            o.put(ControllerFailovers.EPOCH_AFTER, after.epoch());
            o.put(ControllerFailovers.LEADER_MOVED, leaderMoved());
        }
        if (healedAt >= 0) o.put(ControllerFailovers.HEAL_S, AvailabilityChecker.seconds(Math.max(0, healedAt - heldAt)));
        return o;
    }
}
