package io.kchaos.nemesis.process;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NodeStart;

import java.util.List;

/** SIGKILL a node ({@code kill-leader}: a random partition's leader; {@code kill-random}: any running node); healing restarts it. */
public final class KillNemesis implements FaultInjector {
    private final NodeTarget target;

    public KillNemesis(NodeTarget target) {
        this.target = target;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        return target.choose(ctx).map(choice -> {
            int node = choice.node();
            ctx.recorder().record(NemesisOps.KILL.f(), choice.value(), () -> ctx.cluster().kill(node));
            return restartLater(ctx, node, "kill node " + node);
        }).orElse(Fault.NONE);
    }

    /** A killed node, healed by starting it again (recorded as {@code start}). */
    static Fault restartLater(NemesisContext ctx, int node, String description) {
        return new HealOnce(description,
                () -> NodeStart.record(ctx, List.of(node)));
    }
}
