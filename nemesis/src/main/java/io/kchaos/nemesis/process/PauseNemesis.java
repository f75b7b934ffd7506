package io.kchaos.nemesis.process;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;

import java.util.List;

/** SIGSTOP a node (a random node, or a partition leader), like a long GC pause; healing sends SIGCONT. */
public final class PauseNemesis implements FaultInjector {
    private final NodeTarget target;

    public PauseNemesis(NodeTarget target) {
        this.target = target;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        return target.choose(ctx).map(choice -> {
            List<Integer> nodes = List.of(choice.node());
            ctx.recorder().record(NemesisOps.PAUSE.f(), choice.value(), () -> ctx.cluster().pause(choice.node()));
            return resumeLater(ctx, nodes, "pause node " + choice.node());
        }).orElse(Fault.NONE);
    }

    /** Paused nodes, healed by SIGCONT (recorded as {@code resume}). */
    static Fault resumeLater(NemesisContext ctx, List<Integer> nodes, String description) {
        return new HealOnce(description,
                () -> ctx.recorder().record(NemesisOps.RESUME, NemesisRecorder.nodes(nodes), () -> nodes.forEach(ctx.cluster()::resume)));
    }
}
