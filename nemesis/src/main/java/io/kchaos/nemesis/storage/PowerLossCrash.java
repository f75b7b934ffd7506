package io.kchaos.nemesis.storage;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.process.LeaderCrash;

import java.util.List;

/**
 * A power loss as the crash of a composite fault ({@code isr-shrink-power-loss}, {@code power-loss-leader-follower}):
 * the nodes go down at once and lose every byte they never synced; recorded as {@code power-loss} with what was dropped.
 */
public final class PowerLossCrash implements LeaderCrash {
    private final boolean tornWrites;

    public PowerLossCrash(boolean tornWrites) {
        this.tornWrites = tornWrites;
    }

    @Override
    public void crash(NemesisContext ctx, List<Integer> nodes, ObjectNode value) {
        PowerControl power = ctx.cluster().power().orElseThrow(() -> new IllegalStateException("this cluster cannot cut power"));
        value.put("torn-writes", tornWrites);
        ctx.recorder().record(NemesisOps.POWER_LOSS.f(), value,
                () -> PowerLossNemesis.describe(value.putObject("dropped"), power.cut(nodes, tornWrites, ctx.random())));
    }

    @Override
    public FaultOp fault() {
        return NemesisOps.POWER_LOSS;
    }

}
