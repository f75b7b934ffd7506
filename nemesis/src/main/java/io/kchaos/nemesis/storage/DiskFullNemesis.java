package io.kchaos.nemesis.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.StorageControl;
import io.kchaos.nemesis.process.NodeTarget;

import java.util.List;

/**
 * A full data disk: fill a running node's size-limited data file system until writes fail ({@code disk-full}); Kafka
 * takes the log directory offline (with its one directory the broker halts). Healing frees the space
 * ({@code free-disk}) and restarts the node as an operator would ({@code stop} when it still runs, then {@code start}):
 * Kafka never brings a failed log directory back without a restart, and a halting broker can take seconds to exit,
 * so the heal does not guess from whether the process is still alive.
 */
public final class DiskFullNemesis implements FaultInjector {

    @Override
    public Fault inject(NemesisContext ctx) {
        StorageControl storage = StorageNemesis.storage(ctx, NemesisOps.DISK_FULL.f());
        return NodeTarget.RANDOM.choose(ctx).map(choice -> {
            int node = choice.node();
            ObjectNode fill = NemesisRecorder.nodes(List.of(node));
            return HealOnce.injected("disk of node " + node + " full",
                    () -> ctx.recorder().record(NemesisOps.DISK_FULL.f(), fill, () -> fill.setAll(storage.fill(node))),
                    () -> heal(ctx, storage, node));
        }).orElse(Fault.NONE);
    }

    private static void heal(NemesisContext ctx, StorageControl storage, int node) {
        ctx.recorder().record(NemesisOps.FREE_DISK, NemesisRecorder.nodes(List.of(node)), () -> storage.free(node));
        if (ctx.cluster().isRunning(node)) {
            ctx.recorder().record(NemesisOps.STOP.f(), NemesisRecorder.nodes(List.of(node)), () -> ctx.cluster().stop(node));
        }
        NodeStart.record(ctx, List.of(node));
    }
}
