package io.kchaos.nemesis.coordinator;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.NetworkControl;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code partition-coordinator}: cuts the node coordinating one of the workload's transactional ids or its group off
 * from every other node (the clients still reach it), until healing removes the partition. Needs network control;
 * without it, injects nothing.
 */
public final class PartitionCoordinatorNemesis implements FaultInjector {

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<NetworkControl> net = ctx.cluster().network();
        if (net.isEmpty() || ctx.cluster().nodeIds().size() < 2) return Fault.NONE;
        return CoordinatorChoice.choose(ctx).map(c -> {
            Set<Integer> rest = new TreeSet<>(ctx.cluster().nodeIds());
            rest.remove(c.node());
            List<Set<Integer>> components = List.of(Set.of(c.node()), rest);
            ObjectNode v = c.toJson();
            v.remove("nodes");
            ArrayNode groups = v.putArray("partition");
            groups.addArray().add(c.node());
            ArrayNode others = groups.addArray();
            rest.forEach(others::add);
            return CoordinatorFault.apply(ctx, c, NemesisOps.PARTITION.f(), v, () -> net.get().partition(components), NemesisOps.HEAL,
                    net.get()::healPartitions, "partition [" + c.node() + "] | " + rest + " (coordinator of " + c.target() + ")");
        }).orElse(Fault.NONE);
    }
}
