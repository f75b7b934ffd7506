package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.Connectivity;
import io.kchaos.nemesis.cluster.NetworkControl;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code partition-controller}: cuts the active controller off from the other voters while every broker still
 * reaches it and them (two overlapping components: the leader with the brokers, the other voters with the brokers),
 * held once the rules are read back; healing removes the partition. Needs dedicated controllers (in combined mode the
 * other voters are the brokers) and network control; injects nothing without them.
 */
public final class PartitionControllerNemesis implements FaultInjector {
    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<NetworkControl> net = ctx.cluster().network();
        if (net.isEmpty() || ctx.cluster().controllerIds().size() < 2) return Fault.NONE;
        return ActiveController.find(ctx).map(c -> {
            List<Set<Integer>> components = components(c.node(), ctx.cluster().voterIds(), ctx.cluster().nodeIds());
            ObjectNode v = c.toJson();
            v.put("topology", "controller");
            ArrayNode groups = v.putArray("partition");
            for (Set<Integer> g : components) {
                ArrayNode a = groups.addArray();
                g.forEach(a::add);
            }
            ArrayNode cut = v.putArray("cut");
            Set<Integer> everyone = new TreeSet<>(ctx.cluster().nodeIds());
            everyone.addAll(ctx.cluster().voterIds());
            Connectivity.cut(everyone, components).forEach(link -> link.forEach(cut.addArray()::add));
            return ControllerFault.apply(ctx, NemesisOps.PARTITION.f(), v, () -> net.get().partition(components), NemesisOps.HEAL,
                    net.get()::healPartitions, "partition " + components + " (active controller " + c.node() + " from the other voters)");
        }).orElse(Fault.NONE);
    }

    /** The leader with the brokers, and the other voters with the brokers: only the leader's links to the voters are cut. */
    static List<Set<Integer>> components(int leader, List<Integer> voters, List<Integer> brokers) {
        Set<Integer> withLeader = new TreeSet<>(brokers);
        withLeader.add(leader);
        Set<Integer> others = new TreeSet<>(brokers);
        voters.stream().filter(v -> v != leader).forEach(others::add);
        return List.of(withLeader, others);
    }
}
