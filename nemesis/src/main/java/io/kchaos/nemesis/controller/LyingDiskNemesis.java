package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.cluster.PowerControl.LieScope;
import io.kchaos.nemesis.storage.PowerLossNemesis;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code lying-disk}: the disks of {@code lying-disk-nodes} (every voter by default) lie about
 * fsync within {@code lying-disk-scope} (the metadata log by default), as a disk whose volatile write cache ignores
 * flushes: every fsync still succeeds, so Kafka acknowledges, but nothing synced from the lie's start survives a power
 * loss. Held once each node's sync marks read the lie back. A lie shows only at a power loss, so the heal is one: the
 * same nodes lose power together (recorded as {@code power-loss}, with what the cut dropped), which ends the lie, and
 * are started again. The negative control of {@code power-loss-voters}: on every voter by default, because an honest
 * voter left out may keep the lied-about entries and re-replicate them (docs/faults.md, "The metadata quorum"), unless
 * {@code spared-voters=pause} holds the honest voters still until the liars have elected a leader among themselves.
 */
public final class LyingDiskNemesis implements FaultInjector {
    private final String voters;
    private final LieScope scope;
    private final boolean tornWrites;
    private final boolean pauseSpared;

    public LyingDiskNemesis(NemesisOptions options) {
        this.voters = options.choice(NemesisSettings.LYING_DISK_NODES.key(), Set.copyOf(VoterChoice.WORDS));
        this.scope = LieScope.of(options.choice(NemesisSettings.LYING_DISK_SCOPE.key(), Set.of("metadata", "node"))).orElseThrow();
        this.tornWrites = options.flag("torn-writes");
        this.pauseSpared = SparedVoters.paused(options);
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<PowerControl> power = ctx.cluster().power();
        if (power.isEmpty()) return Fault.NONE;
        return VoterChoice.choose(ctx, voters).map(c -> {
            List<Integer> nodes = c.nodes();
            ObjectNode lie = c.value().deepCopy().put("scope", scope.word());
            ObjectNode cut = lie.deepCopy().put("torn-writes", tornWrites);
            return HealOnce.injected("lying disk (" + scope.word() + ") on node(s) " + nodes + " (" + c.about() + "), then their power loss",
                    () -> ctx.recorder().record(NemesisOps.LYING_DISK.f(), lie, () -> power.get().lie(nodes, scope)),
                    () -> powerLoss(ctx, power.get(), c, cut));
        }).orElse(Fault.NONE);
    }

    /** The heal: the liars' power loss and restart, the voters it spares held meanwhile when asked ({@link SparedVoters}). */
    private void powerLoss(NemesisContext ctx, PowerControl power, VoterChoice c, ObjectNode cut) {
        SparedVoters spared = SparedVoters.hold(ctx, c.nodes(), pauseSpared);
        try {
            ctx.recorder().record(NemesisOps.POWER_LOSS.f(), cut,
                    () -> PowerLossNemesis.describe(cut.putObject("dropped"), power.cut(c.nodes(), tornWrites, ctx.random())));
        } finally {
            spared.restart(ctx, c.nodes(), c.value().deepCopy());
        }
    }
}
