package io.kchaos.nemesis.coordinator;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NodeStart;

import java.util.List;

/**
 * {@code kill-coordinator}: SIGKILL the node that is the transaction coordinator of one of the workload's
 * transactional ids, or the group coordinator of its consumer group (found through the Admin API); healing restarts
 * it. Nothing happens when the workload has no such target or its coordinator is unknown right now.
 */
public final class KillCoordinatorNemesis implements FaultInjector {

    @Override
    public Fault inject(NemesisContext ctx) {
        return CoordinatorChoice.choose(ctx).map(c -> CoordinatorFault.apply(ctx, c, NemesisOps.KILL.f(), c.toJson(),
                () -> ctx.cluster().kill(c.node()), NemesisOps.START, () -> NodeStart.startAll(ctx, List.of(c.node())),
                "kill node " + c.node() + " (coordinator of " + c.target() + ")")).orElse(Fault.NONE);
    }
}
