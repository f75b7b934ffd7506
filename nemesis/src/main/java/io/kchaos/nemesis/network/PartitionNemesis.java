package io.kchaos.nemesis.network;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.NetworkControl;

import java.util.List;
import java.util.Optional;

/**
 * {@code partition}: cuts links between nodes (packets dropped both ways), in a topology chosen at random among the
 * targets for each fault; healing removes exactly the partition.
 */
public final class PartitionNemesis implements FaultInjector {
    private final List<Topology> targets;

    public PartitionNemesis(List<Topology> targets) {
        if (targets.isEmpty()) throw new IllegalArgumentException("no partition targets");
        this.targets = List.copyOf(targets);
    }

    public List<Topology> targets() {
        return targets;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<NetworkControl> net = ctx.cluster().network();
        if (net.isEmpty()) return Fault.NONE;
        Topology t = ctx.pick(targets);
        return t.plan(ctx).map(plan -> NetworkFault.apply(ctx, NemesisOps.PARTITION.f(), plan.toJson(ctx.cluster().nodeIds()),
                "partition " + plan.describe(), () -> net.get().partition(plan.components()), net.get()::healPartitions))
                .orElse(Fault.NONE);
    }
}
