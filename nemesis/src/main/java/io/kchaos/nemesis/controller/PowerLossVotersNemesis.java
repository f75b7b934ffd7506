package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.storage.PowerLossNemesis;

import java.util.Optional;

/**
 * {@code power-loss-controller} (the active controller) and {@code power-loss-voters} (a random majority of the
 * voters, at the same moment): the nodes lose power (SIGKILL, then every byte they never synced is gone), held once
 * each process is gone and each cut read back; healing starts them again and records the quorum's leader after. With
 * {@code spared-voters=pause}, the voters a majority's cut spares are held still until the cut ones have elected a
 * leader among themselves ({@link SparedVoters}).
 */
public final class PowerLossVotersNemesis implements FaultInjector {
    private final String voters;
    private final boolean tornWrites;
    private final boolean pauseSpared;

    private PowerLossVotersNemesis(String voters, boolean tornWrites, boolean pauseSpared) {
        this.voters = voters;
        this.tornWrites = tornWrites;
        this.pauseSpared = pauseSpared;
    }

    /** {@code power-loss-controller}. */
    public static PowerLossVotersNemesis activeController(boolean tornWrites) {
        return new PowerLossVotersNemesis("controller", tornWrites, false);
    }

    /** {@code power-loss-voters}, reading {@code torn-writes} and {@code spared-voters}. */
    public static PowerLossVotersNemesis majority(NemesisOptions options) {
        return new PowerLossVotersNemesis("majority", options.flag("torn-writes"), SparedVoters.paused(options));
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<PowerControl> power = ctx.cluster().power();
        if (power.isEmpty()) return Fault.NONE;
        return VoterChoice.choose(ctx, voters).map(c -> {
            if (pauseSpared) return heldCut(ctx, power.get(), c);
            ObjectNode v = c.value();
            v.put("torn-writes", tornWrites);
            return ControllerFault.apply(ctx, NemesisOps.POWER_LOSS.f(), v,
                    () -> PowerLossNemesis.describe(v.putObject("dropped"), power.get().cut(c.nodes(), tornWrites, ctx.random())),
                    NemesisOps.START, () -> NodeStart.startAll(ctx, c.nodes()),
                    "power loss of node(s) " + c.nodes() + " (" + c.about() + ")");
        }).orElse(Fault.NONE);
    }

    /** The cut with the spared voters held still until the cut ones, restarted by the heal, elected a leader. */
    private Fault heldCut(NemesisContext ctx, PowerControl power, VoterChoice c) {
        ObjectNode v = c.value().deepCopy().put("torn-writes", tornWrites);
        SparedVoters spared = SparedVoters.hold(ctx, c.nodes(), true);
        try {
            ctx.recorder().record(NemesisOps.POWER_LOSS.f(), v,
                    () -> PowerLossNemesis.describe(v.putObject("dropped"), power.cut(c.nodes(), tornWrites, ctx.random())));
        } catch (RuntimeException e) {
            spared.restart(ctx, c.nodes(), c.value().deepCopy());
            throw e;
        }
        return new HealOnce("power loss of node(s) " + c.nodes() + " (" + c.about() + "), the other voters paused",
                () -> spared.restart(ctx, c.nodes(), c.value().deepCopy()));
    }
}
