package io.kchaos.nemesis.coordinator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.Coordinated;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.storage.PowerLossNemesis;

import java.util.List;
import java.util.Optional;

/**
 * {@code power-loss-coordinator}: the node coordinating one of the workload's targets loses power (SIGKILL, then every
 * byte it never synced is gone) and is started when healed. A share group's share-partitions come first: their share
 * coordinator leads the {@code __share_group_state} partition that persists the records' states; otherwise a
 * transactional id's or a group's coordinator. Nothing happens when no coordinator is known and running.
 */
public final class PowerLossCoordinatorNemesis implements FaultInjector {
    private final boolean tornWrites;

    public PowerLossCoordinatorNemesis(boolean tornWrites) {
        this.tornWrites = tornWrites;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<PowerControl> power = ctx.cluster().power();
        if (power.isEmpty()) return Fault.NONE;
        return CoordinatorChoice.choose(ctx, Coordinated.Kind.SHARE_PARTITION).map(c -> {
            ObjectNode v = c.toJson();
            v.put("torn-writes", tornWrites);
            return CoordinatorFault.apply(ctx, c, NemesisOps.POWER_LOSS.f(), v,
                    () -> PowerLossNemesis.describe(v.putObject("dropped"), power.get().cut(List.of(c.node()), tornWrites, ctx.random())),
                    NemesisOps.START, () -> NodeStart.startAll(ctx, List.of(c.node())),
                    "power loss of node " + c.node() + " (coordinator of " + c.target() + ")");
        }).orElse(Fault.NONE);
    }
}
