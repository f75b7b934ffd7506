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

/** {@code slow}: delays every packet one node (or every node) sends by a latency with jitter; healing removes the delay. */
public final class SlowNemesis implements FaultInjector {
    private final int latencyMs;
    private final int jitterMs;

    public SlowNemesis(int latencyMs, int jitterMs) {
        if (latencyMs <= 0 || jitterMs < 0 || jitterMs > latencyMs) {
            throw new IllegalArgumentException("slow needs latency > 0 and 0 <= jitter <= latency (ms), got " + latencyMs + " ± " + jitterMs);
        }
        this.latencyMs = latencyMs;
        this.jitterMs = jitterMs;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<NetworkControl> net = ctx.cluster().network();
        Set<Integer> nodes = LinkTargets.oneOrAll(ctx);
        if (net.isEmpty() || nodes.isEmpty()) return Fault.NONE;
        ObjectNode v = NemesisRecorder.nodes(nodes).put("latency-ms", latencyMs).put("jitter-ms", jitterMs);
        return NetworkFault.apply(ctx, NemesisOps.SLOW.f(), v, "slow " + LinkTargets.describe(nodes, ctx) + " " + latencyMs + "±" + jitterMs + " ms",
                () -> net.get().slow(nodes, latencyMs, jitterMs), net.get()::healLinks);
    }
}
