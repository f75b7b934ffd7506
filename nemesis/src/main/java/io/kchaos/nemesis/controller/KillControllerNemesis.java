package io.kchaos.nemesis.controller;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NodeStart;

import java.util.List;

/**
 * {@code kill-controller}: SIGKILL the active controller (the metadata quorum's leader; in combined mode a node that
 * is a broker too), held once its process exited; healing restarts it. Nothing happens when no leader is known.
 */
public final class KillControllerNemesis implements FaultInjector {
    @Override
    public Fault inject(NemesisContext ctx) {
        return ActiveController.find(ctx).map(c -> ControllerFault.apply(ctx, NemesisOps.KILL.f(), c.toJson(),
                () -> ctx.cluster().kill(c.node()), NemesisOps.START, () -> NodeStart.startAll(ctx, List.of(c.node())),
                "kill node " + c.node() + " (active controller, epoch " + c.epoch() + ")")).orElse(Fault.NONE);
    }
}
