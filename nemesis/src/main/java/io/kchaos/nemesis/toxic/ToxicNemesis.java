package io.kchaos.nemesis.toxic;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.cluster.ToxicControl;
import io.kchaos.nemesis.cluster.Traffic;
import io.kchaos.nemesis.process.NodeTarget;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code toxic-latency}, {@code toxic-bandwidth}, {@code toxic-timeout}, {@code toxic-reset}: puts one toxic on a
 * random running node's proxies, for its client traffic, its replication traffic or both (chosen at random), and
 * removes it when healed. Recorded as {@code f = <name>} and {@code heal-toxic}, with the node, traffic and parameters.
 */
public final class ToxicNemesis implements UsesToxics {
    /** The traffic a toxic may hit, one entry chosen per fault. */
    static final List<Set<Traffic>> SCOPES = List.of(EnumSet.of(Traffic.CLIENT), EnumSet.of(Traffic.REPLICATION),
            EnumSet.allOf(Traffic.class));

    private final FaultOp op;
    private final String name;
    private final Toxic toxic;

    /** The nemesis named and recorded as {@code op} (one of NemesisOps' toxic faults), putting {@code toxic}. */
    public ToxicNemesis(FaultOp op, Toxic toxic) {
        this.op = op;
        this.name = op.f();
        this.toxic = toxic;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        ToxicControl toxics = UsesToxics.control(ctx, name);
        return NodeTarget.RANDOM.choose(ctx).map(choice -> {
            Set<Integer> nodes = Set.of(choice.node());
            Set<Traffic> traffic = ctx.pick(SCOPES);
            ObjectNode target = target(nodes, traffic);
            ObjectNode value = target.deepCopy();
            value.put("toxic", toxic.type());
            toxic.attributes().forEach(value::put);
            ctx.recorder().record(name, value, () -> toxics.add(nodes, traffic, toxic));
            return (Fault) new HealOnce(name + " on node " + choice.node() + " " + labels(traffic),
                    () -> ctx.recorder().record(NemesisOps.HEAL_TOXIC, target, () -> toxics.remove(nodes, traffic)));
        }).orElse(Fault.NONE);
    }

    private static ObjectNode target(Set<Integer> nodes, Set<Traffic> traffic) {
        ObjectNode v = NemesisRecorder.nodes(nodes);
        ArrayNode t = v.putArray("traffic");
        traffic.forEach(x -> t.add(x.label()));
        return v;
    }

    private static String labels(Set<Traffic> traffic) {
        return traffic.stream().map(Traffic::label).toList().toString();
    }
}
