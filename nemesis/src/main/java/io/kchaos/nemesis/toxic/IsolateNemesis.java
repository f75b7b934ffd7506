package io.kchaos.nemesis.toxic;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.ToxicControl;
import io.kchaos.nemesis.process.NodeTarget;

import java.util.Set;

/**
 * {@code isolate}: disables every proxy of a random running node, so no client and no follower can reach it (its
 * own outgoing connections are not proxied); healing enables them again. Recorded as {@code isolate} / {@code rejoin}.
 */
public final class IsolateNemesis implements UsesToxics {

    @Override
    public Fault inject(NemesisContext ctx) {
        ToxicControl toxics = UsesToxics.control(ctx, NemesisOps.ISOLATE.f());
        return NodeTarget.RANDOM.choose(ctx).map(choice -> {
            Set<Integer> nodes = Set.of(choice.node());
            ctx.recorder().record(NemesisOps.ISOLATE.f(), NemesisRecorder.nodes(nodes), () -> toxics.isolate(nodes));
            return (Fault) new HealOnce("isolate node " + choice.node(),
                    () -> ctx.recorder().record(NemesisOps.REJOIN, NemesisRecorder.nodes(nodes), () -> toxics.rejoin(nodes)));
        }).orElse(Fault.NONE);
    }
}
