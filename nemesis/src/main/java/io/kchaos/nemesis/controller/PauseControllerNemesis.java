package io.kchaos.nemesis.controller;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;

/**
 * {@code pause-controller}: SIGSTOP the active controller, held once every thread of it is stopped; healing sends
 * SIGCONT. A paused leader loses its quorum's fetches and a new leader is elected while it sleeps.
 */
public final class PauseControllerNemesis implements FaultInjector {
    @Override
    public Fault inject(NemesisContext ctx) {
        return ActiveController.find(ctx).map(c -> ControllerFault.apply(ctx, NemesisOps.PAUSE.f(), c.toJson(),
                () -> ctx.cluster().pause(c.node()), NemesisOps.RESUME, () -> ctx.cluster().resume(c.node()),
                "pause node " + c.node() + " (active controller, epoch " + c.epoch() + ")")).orElse(Fault.NONE);
    }
}
