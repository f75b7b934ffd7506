package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.cluster.EffectWait;

/**
 * {@code add-partitions}: grows the workload's topic by {@code add-partitions-count} partitions with
 * {@code Admin.createPartitions} (KAFKA-20035's expansion), up to {@code add-partitions-max}; one op from the request
 * until the metadata lists every new partition with a leader. A one-off: partitions are never taken away.
 */
public final class AddPartitionsNemesis implements FaultInjector {
    private final int count;
    private final int max;

    public AddPartitionsNemesis(NemesisOptions options) {
        this.count = options.positive(NemesisSettings.ADD_PARTITIONS_COUNT.key());
        this.max = options.positive(NemesisSettings.ADD_PARTITIONS_MAX.key());
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        int from = ctx.topic().partitions();
        int to = Math.min(max, from + count);
        if (to <= from) return Fault.NONE;
        ObjectNode v = Json.object();
        v.put("from", from);
        v.put("to", to);
        ctx.recorder().record(NemesisOps.ADD_PARTITIONS.f(), v, () -> {
            ctx.operations().createPartitions(to);
            EffectWait.until("the topic's " + to + " partitions, each with a leader", () -> led(ctx, from, to), n -> n == to,
                    n -> n + " of " + to + " partitions listed with a leader");
        });
        return new HealOnce("topic grown from " + from + " to " + to + " partitions", () -> { });
    }

    /** How many of the topic's partitions the metadata lists with a leader: the old ones, and each new one that has one. */
    private static int led(NemesisContext ctx, int from, int to) {
        int n = from;
        for (int p = from; p < to; p++) {
            if (ctx.topic().leader(p).isPresent()) n++;
        }
        return n;
    }
}
