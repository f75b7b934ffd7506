package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.OperationFields;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;

import java.util.Set;
import java.util.TreeSet;

/**
 * {@code elect-leaders}: what {@code kafka-leader-election --all-topic-partitions} does to the workload's topic: a
 * preferred election (each partition's first replica becomes its leader where it is in the ISR) or, with
 * {@code election=unclean}, an unclean one (a replica outside the ISR leads where no leader is left). One op from the
 * request until the elected leaders were read back; {@code elected: 0} when it moved no leader. A one-off.
 */
public final class ElectLeadersNemesis implements FaultInjector {
    private final boolean unclean;

    public ElectLeadersNemesis(NemesisOptions options) {
        this.unclean = options.choice(NemesisSettings.ELECTION.key(), Set.of("preferred", "unclean")).equals("unclean");
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Set<Integer> partitions = new TreeSet<>();
        for (int p = 0; p < ctx.topic().partitions(); p++) partitions.add(p);
        if (partitions.isEmpty()) return Fault.NONE;
        ObjectNode v = Json.object();
        String election = unclean ? "unclean" : "preferred";
        v.put(OperationFields.ELECTION, election);
        ArrayNode ps = v.putArray(OperationFields.PARTITIONS);
        partitions.forEach(ps::add);
        ctx.recorder().record(NemesisOps.ELECT_LEADERS.f(), v, () -> Elections.elect(ctx, unclean, partitions, v));
        return new HealOnce(election + " leader election of " + partitions.size() + " partitions", () -> { });
    }
}
