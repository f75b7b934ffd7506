package io.kchaos.nemesis.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultRole;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.PowerControl.DroppedBytes;
import io.kchaos.nemesis.cluster.PowerControl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * {@code power-loss} (a random set of {@code power-loss-nodes} running nodes, default 1) and {@code power-loss-all}
 * (every node, running or already down, the rack or region power event): the nodes lose power together — SIGKILL, then every byte they never
 * synced is gone — and are started again when healed. The {@code power-loss} op's completion names, per node, each
 * file that lost bytes and how many.
 */
public final class PowerLossNemesis implements FaultInjector {
    private final boolean everyNode;
    private final int nodes;
    private final boolean tornWrites;

    private PowerLossNemesis(boolean everyNode, int nodes, boolean tornWrites) {
        this.everyNode = everyNode;
        this.nodes = nodes;
        this.tornWrites = tornWrites;
    }

    /** {@code power-loss}: {@code power-loss-nodes} random running nodes. */
    public static PowerLossNemesis someNodes(NemesisOptions options) {
        return new PowerLossNemesis(false, options.positive("power-loss-nodes"), options.flag("torn-writes"));
    }

    /** {@code power-loss-all}: every node. */
    public static PowerLossNemesis allNodes(NemesisOptions options) {
        return new PowerLossNemesis(true, Integer.MAX_VALUE, options.flag("torn-writes"));
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        PowerControl power = ctx.cluster().power().orElseThrow(() -> new IllegalStateException("this cluster cannot cut power"));
        List<Integer> targets = targets(ctx);
        if (targets.isEmpty()) return Fault.NONE;
        ObjectNode v = FaultRole.plain(NemesisRecorder.nodes(targets), everyNode ? FaultRole.ALL : FaultRole.RANDOM);
        v.put("torn-writes", tornWrites);
        // the invoke is written before the cut; its completion also carries what the cut dropped
        ctx.recorder().record(NemesisOps.POWER_LOSS.f(), v, () -> describe(v.putObject("dropped"), power.cut(targets, tornWrites, ctx.random())));
        return new HealOnce("power loss of node(s) " + targets,
                () -> NodeStart.record(ctx, targets));
    }

    private List<Integer> targets(NemesisContext ctx) {
        if (everyNode) return ctx.cluster().nodeIds();
        List<Integer> running = new ArrayList<>(ctx.cluster().nodeIds().stream().filter(ctx.cluster()::isRunning).toList());
        Collections.shuffle(running, ctx.random());
        List<Integer> chosen = new ArrayList<>(running.subList(0, Math.min(nodes, running.size())));
        Collections.sort(chosen);
        return chosen;
    }

    /** Writes under {@code out}, per node, the files a power cut truncated and the bytes it dropped. */
    public static void describe(ObjectNode out, Map<Integer, List<DroppedBytes>> dropped) {
        dropped.forEach((node, files) -> {
            ObjectNode n = out.putObject(Integer.toString(node));
            n.put("files", files.size());
            n.put("bytes", files.stream().mapToLong(DroppedBytes::dropped).sum());
            ObjectNode perFile = n.putObject("truncated");
            files.forEach(f -> perFile.putArray(f.file()).add(f.before()).add(f.after()));
        });
    }
}
