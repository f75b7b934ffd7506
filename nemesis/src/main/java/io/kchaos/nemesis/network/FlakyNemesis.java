package io.kchaos.nemesis.network;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.NetworkControl;

import java.util.Optional;
import java.util.Set;

/** {@code flaky}: drops a share of the packets one node (or every node) sends; healing removes the loss. */
public final class FlakyNemesis implements FaultInjector {
    private final double lossPercent;

    public FlakyNemesis(double lossPercent) {
        if (!(lossPercent > 0 && lossPercent <= 100)) throw new IllegalArgumentException("flaky needs a loss in (0, 100] %, got " + lossPercent);
        this.lossPercent = lossPercent;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<NetworkControl> net = ctx.cluster().network();
        Set<Integer> nodes = LinkTargets.oneOrAll(ctx);
        if (net.isEmpty() || nodes.isEmpty()) return Fault.NONE;
        ObjectNode v = NemesisRecorder.nodes(nodes).put("loss-percent", lossPercent);
        return NetworkFault.apply(ctx, NemesisOps.FLAKY.f(), v, "flaky " + LinkTargets.describe(nodes, ctx) + " " + lossPercent + "% loss",
                () -> net.get().flaky(nodes, lossPercent), net.get()::healLinks);
    }
}
