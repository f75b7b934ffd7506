package io.kchaos.nemesis.controller;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.ClusterControl;

import java.util.List;

/**
 * {@code kill-controller} and {@code stop-controller}: take the active controller (the metadata quorum's leader; in
 * combined mode a node that is a broker too) down by SIGKILL or by a clean stop (SIGTERM: a leader that shuts down
 * cleanly resigns first, telling the voters to elect another), held once its process exited; healing restarts it.
 * Nothing happens when no leader is known.
 */
public final class KillControllerNemesis implements FaultInjector {
    /** How the active controller goes down. */
    public enum Way {
        /** SIGKILL, recorded as {@code kill}. */
        KILL(NemesisOps.KILL),
        /** A clean stop (SIGTERM, a bounded wait, then SIGKILL), recorded as {@code stop}. */
        STOP(NemesisOps.STOP);

        private final FaultOp op;

        Way(FaultOp op) {
            this.op = op;
        }

        private void apply(ClusterControl cluster, int node) {
            if (this == KILL) cluster.kill(node);
            else cluster.stop(node);
        }
    }

    private final Way way;

    public KillControllerNemesis() {
        this(Way.KILL);
    }

    public KillControllerNemesis(Way way) {
        this.way = way;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        return ActiveController.find(ctx).map(c -> ControllerFault.apply(ctx, way.op.f(), c.toJson(),
                () -> way.apply(ctx.cluster(), c.node()), NemesisOps.START, () -> NodeStart.startAll(ctx, List.of(c.node())),
                way.op.f() + " node " + c.node() + " (active controller, epoch " + c.epoch() + ")")).orElse(Fault.NONE);
    }
}
