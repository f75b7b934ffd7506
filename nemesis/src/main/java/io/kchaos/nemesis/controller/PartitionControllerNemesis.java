package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.NodeReturnView;
import io.kchaos.nemesis.network.PartitionPlan;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The partitions around the active controller ({@link Cut}): two overlapping components that cut only the links
 * between the controller and one side, held once the rules are read back. The heal removes the partition and is
 * {@code ok} once every node of the cut-off side is back in service ({@link NodeReturnView#beforeReconnect}: caught
 * up with what the quorum committed by the heal, a broker listing itself live again). Needs dedicated controllers (in
 * combined mode the voters are the brokers) and network control; injects nothing without them.
 */
public final class PartitionControllerNemesis implements FaultInjector {
    /** Which links to the active controller a partition cuts. */
    public enum Cut {
        /** {@code partition-controller}: the active controller from the other voters; every broker still reaches all of them. */
        VOTERS("controller", 2),
        /**
         * {@code partition-controller-brokers}: every broker from the active controller, while the voters still reach
         * each other and the brokers still reach the other voters; the brokers miss their heartbeats and are fenced
         * while the quorum stays whole.
         */
        BROKERS("controller-brokers", 1),
        /**
         * {@code partition-controller-voter}: one voter that follows (chosen at random) from the active controller,
         * while both still reach the brokers and the other voters.
         */
        VOTER("controller-voter", 2);

        private final String topology;
        private final int minVoters;

        Cut(String topology, int minVoters) {
            this.topology = topology;
            this.minVoters = minVoters;
        }
    }

    private final Cut cut;

    public PartitionControllerNemesis(Cut cut) {
        this.cut = cut;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<NetworkControl> net = ctx.cluster().network();
        if (net.isEmpty() || ctx.cluster().controllerIds().size() < cut.minVoters) return Fault.NONE;
        List<Integer> voters = ctx.cluster().voterIds();
        List<Integer> brokers = ctx.cluster().nodeIds();
        return ActiveController.find(ctx).map(c -> {
            Plan plan = plan(ctx, c.node(), voters, brokers);
            ObjectNode v = c.toJson();
            v.put("topology", cut.topology);
            Set<Integer> everyone = new TreeSet<>(brokers);
            everyone.addAll(voters);
            PartitionPlan.putComponents(v, plan.components(), everyone);
            plan.cutOff().forEach(v.putArray("cut-off")::add);
            return ControllerFault.apply(ctx, NemesisOps.PARTITION.f(), v, () -> net.get().partition(plan.components()), NemesisOps.HEAL,
                    () -> reconnect(ctx, net.get(), plan.cutOff()), "partition " + plan.components() + " (" + plan.about() + ")");
        }).orElse(Fault.NONE);
    }

    /** What one cut does: its components, the nodes it cuts off from the active controller, and that in words. */
    private record Plan(List<Set<Integer>> components, List<Integer> cutOff, String about) {
    }

    private Plan plan(NemesisContext ctx, int leader, List<Integer> voters, List<Integer> brokers) {
        return switch (cut) {
            case VOTERS -> new Plan(components(leader, voters, brokers), List.of(leader), "active controller " + leader + " from the other voters");
            case BROKERS -> new Plan(brokersCut(leader, voters, brokers), brokers, "brokers " + brokers + " from active controller " + leader);
            case VOTER -> {
                // a voter that follows now (an observing controller is no voter to cut), else any other controller
                List<Integer> current = CurrentVoters.ids(ctx).stream().filter(v -> v != leader && voters.contains(v)).toList();
                List<Integer> followers = current.isEmpty() ? voters.stream().filter(v -> v != leader).toList() : current;
                int follower = followers.get(ctx.random().nextInt(followers.size()));
                yield new Plan(voterCut(leader, follower, voters, brokers), List.of(follower), "voter " + follower + " from active controller " + leader);
            }
        };
    }

    /** Removes the partition, then waits until each cut-off node is back in service, as a heal's start does. */
    private static void reconnect(NemesisContext ctx, NetworkControl net, List<Integer> cutOff) {
        Map<Integer, NodeReturnView.Probe> probes = new LinkedHashMap<>();
        for (int node : cutOff) probes.put(node, ctx.returns().beforeReconnect(node));
        net.healPartitions();
        NodeStart.awaitBack(ctx, probes);
    }

    /** The leader with the brokers, and the other voters with the brokers: only the leader's links to the voters are cut. */
    static List<Set<Integer>> components(int leader, List<Integer> voters, List<Integer> brokers) {
        Set<Integer> withLeader = new TreeSet<>(brokers);
        withLeader.add(leader);
        Set<Integer> others = new TreeSet<>(brokers);
        voters.stream().filter(v -> v != leader).forEach(others::add);
        return List.of(withLeader, others);
    }

    /** The voters together, and the brokers with the other voters: only the leader's links to the brokers are cut. */
    static List<Set<Integer>> brokersCut(int leader, List<Integer> voters, List<Integer> brokers) {
        Set<Integer> others = new TreeSet<>(brokers);
        voters.stream().filter(v -> v != leader).forEach(others::add);
        return List.of(new TreeSet<>(voters), others);
    }

    /** Everyone but the leader, and everyone but the follower: only the link between the two is cut. */
    static List<Set<Integer>> voterCut(int leader, int follower, List<Integer> voters, List<Integer> brokers) {
        Set<Integer> all = new TreeSet<>(brokers);
        all.addAll(voters);
        Set<Integer> withoutLeader = new TreeSet<>(all);
        withoutLeader.remove(leader);
        Set<Integer> withoutFollower = new TreeSet<>(all);
        withoutFollower.remove(follower);
        return List.of(withoutLeader, withoutFollower);
    }
}
