package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.storage.PowerLossNemesis;

import java.util.Optional;

/**
 * {@code power-loss-controller} (the active controller) and {@code power-loss-voters} (a random majority of the
 * voters, at the same moment): the nodes lose power (SIGKILL, then every byte they never synced is gone), held once
 * each process is gone and each cut read back; healing starts them again and records the quorum's leader after.
 */
public final class PowerLossVotersNemesis implements FaultInjector {
    private final String voters;
    private final boolean tornWrites;

    private PowerLossVotersNemesis(String voters, boolean tornWrites) {
        this.voters = voters;
        this.tornWrites = tornWrites;
    }

    /** {@code power-loss-controller}. */
    public static PowerLossVotersNemesis activeController(boolean tornWrites) {
        return new PowerLossVotersNemesis("controller", tornWrites);
    }

    /** {@code power-loss-voters}. */
    public static PowerLossVotersNemesis majority(boolean tornWrites) {
        return new PowerLossVotersNemesis("majority", tornWrites);
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<PowerControl> power = ctx.cluster().power();
        if (power.isEmpty()) return Fault.NONE;
        return VoterChoice.choose(ctx, voters).map(c -> {
            ObjectNode v = c.value();
            v.put("torn-writes", tornWrites);
            return ControllerFault.apply(ctx, NemesisOps.POWER_LOSS.f(), v,
                    () -> PowerLossNemesis.describe(v.putObject("dropped"), power.get().cut(c.nodes(), tornWrites, ctx.random())),
                    NemesisOps.START, () -> c.nodes().forEach(ctx.cluster()::start),
                    "power loss of node(s) " + c.nodes() + " (" + c.about() + ")");
        }).orElse(Fault.NONE);
    }
}
