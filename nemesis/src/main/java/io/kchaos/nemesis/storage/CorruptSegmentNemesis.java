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

import java.util.List;
import java.util.Random;

/**
 * Bit rot: stop a random in-sync node cleanly ({@code stop}), flip bytes inside one record batch of its workload data below the
 * recovery point, in a closed segment where one exists ({@code corrupt-segment}; Kafka does not re-check those bytes on
 * start), and start it again ({@code start}, at once: the fault is the damage, not the down time). The op name
 * {@code corrupt-segment} keeps clear of the network fault {@code corrupt}.
 */
public final class CorruptSegmentNemesis implements FaultInjector {
    /** The history op of the damage. */
    public static final String OP = NemesisOps.CORRUPT_SEGMENT.f();

    @Override
    public Fault inject(NemesisContext ctx) {
        StorageControl storage = StorageNemesis.storage(ctx, NemesisOps.CORRUPT_SEGMENT.f());
        List<Integer> healthy = ctx.cluster().nodeIds().stream().filter(n -> inSync(ctx, n)).toList();
        if (healthy.isEmpty()) return Fault.NONE;
        int node = ctx.pick(healthy);
        ctx.recorder().record(NemesisOps.STOP.f(), NemesisRecorder.nodes(List.of(node)), () -> ctx.cluster().stop(node));
        ObjectNode damage = NemesisRecorder.nodes(List.of(node));
        try {
            Random own = new Random(ctx.random().nextLong()); // one draw, however long the log: the schedule replays
            ctx.recorder().record(OP, damage, () -> storage.corruptSegment(node, own).ifPresentOrElse(damage::setAll,
                    () -> damage.put("skipped", "no batch below the recovery point")));
        } finally {
            NodeStart.record(ctx, List.of(node));
        }
        return new HealOnce("corrupted a segment of node " + node, () -> { });
    }

    /**
     * A running node in the ISR of each workload partition it replicates: caught up, and long enough up to have
     * checkpointed its recovery points (a node stopped while it still starts may have none).
     */
    private static boolean inSync(NemesisContext ctx, int node) {
        if (!ctx.cluster().isRunning(node) || ctx.cluster().isPaused(node)) return false;
        for (int p = 0; p < ctx.topic().partitions(); p++) {
            if (ctx.topic().replicas(p).contains(node) && !ctx.topic().isr(p).contains(node)) return false;
        }
        return true;
    }
}
