package io.kchaos.nemesis.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.cluster.StorageControl;
import io.kchaos.nemesis.process.NodeTarget;

import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Bit rot: stop a node cleanly ({@code stop}), flip bytes inside one record batch of its workload data below the
 * recovery point, in a closed segment where one exists ({@code corrupt-segment}; Kafka does not re-check those bytes on
 * start), and start it again ({@code start}, at once: the fault is the damage, not the down time). The op name
 * {@code corrupt-segment} keeps clear of the network fault {@code corrupt}.
 */
public final class CorruptSegmentNemesis implements Nemesis {
    /** The history op of the damage. */
    public static final String OP = "corrupt-segment";

    @Override
    public String name() {
        return "corrupt";
    }

    @Override
    public Set<Capability> requires() {
        return Set.of(Capability.STORAGE);
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        StorageControl storage = StorageNemesis.storage(ctx, name());
        return NodeTarget.RANDOM.choose(ctx).map(choice -> {
            int node = choice.node();
            ctx.recorder().record("stop", NemesisRecorder.nodes(List.of(node)), () -> ctx.cluster().stop(node));
            ObjectNode damage = NemesisRecorder.nodes(List.of(node));
            try {
                Random own = new Random(ctx.random().nextLong()); // one draw, however long the log: the schedule replays
                ctx.recorder().record(OP, damage, () -> storage.corruptSegment(node, own).ifPresentOrElse(damage::setAll,
                        () -> damage.put("skipped", "no batch below the recovery point yet")));
            } finally {
                ctx.recorder().record("start", NemesisRecorder.nodes(List.of(node)), () -> ctx.cluster().start(node));
            }
            return (Fault) new HealOnce("corrupted a segment of node " + node, () -> { });
        }).orElse(Fault.NONE);
    }
}
