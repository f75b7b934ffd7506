package io.kchaos.nemesis;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.NodeReturnView;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How every heal starts stopped nodes: all of them launched first (a quorum whose majority was down needs them
 * together), then each read back in service ({@link NodeReturnView}) within one shared bound; a node not back by then
 * makes the start {@code info} with what was seen ({@link FaultNotHeld}).
 */
public final class NodeStart {
    private NodeStart() {
    }

    /** Records a {@code start} of {@code nodes}: {@code ok} once each is back, {@code info} with what was seen otherwise. */
    public static void record(NemesisContext ctx, List<Integer> nodes) {
        ctx.recorder().record(NemesisOps.START, NemesisRecorder.nodes(nodes), () -> startAll(ctx, nodes));
    }

    /**
     * Launches every node, then waits until each is back, or its process exited (a broker that halts at start-up will
     * not come back by waiting); throws {@link FaultNotHeld} naming those that were not back.
     */
    public static void startAll(NemesisContext ctx, List<Integer> nodes) {
        Map<Integer, NodeReturnView.Probe> probes = new LinkedHashMap<>();
        for (int node : nodes) probes.put(node, ctx.returns().beforeStart(node));
        for (int node : nodes) ctx.cluster().start(node);
        awaitBack(ctx, probes);
    }

    /**
     * Waits until each probed node is back in service, or its process exited, within the view's one bound from now;
     * throws {@link FaultNotHeld} naming those that were not back, with what was last seen of each.
     */
    public static void awaitBack(NemesisContext ctx, Map<Integer, NodeReturnView.Probe> probes) {
        long deadline = System.nanoTime() + ctx.returns().bound().toNanos();
        List<String> notBack = new ArrayList<>();
        probes.forEach((node, probe) -> {
            Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
            try {
                NodeReturnView.Presence seen = EffectWait.until("node " + node + " back in service", left, () -> observe(ctx, node, probe),
                        p -> p.back() || !ctx.cluster().isRunning(node), NodeReturnView.Presence::seen);
                if (!seen.back()) notBack.add("node " + node + " back in service: its process exited; last seen: " + seen.seen());
            } catch (FaultNotHeld e) {
                notBack.add(e.getMessage());
            }
        });
        if (!notBack.isEmpty()) throw new FaultNotHeld(String.join("; ", notBack));
    }

    /** What the probe sees, or that the node's process is gone. */
    private static NodeReturnView.Presence observe(NemesisContext ctx, int node, NodeReturnView.Probe probe) {
        if (!ctx.cluster().isRunning(node)) return new NodeReturnView.Presence(false, "node " + node + " not running");
        return probe.observe();
    }
}
