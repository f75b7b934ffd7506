package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.OperationsView.PartitionReplicas;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code drain-broker}: the operator's decommission. Every replica on a random running broker, of every topic (the
 * workload's, the internal {@code __consumer_offsets} and {@code __transaction_state}, any other; never the metadata
 * log), is moved to a running broker outside its partition's set ({@code drain-broker}, held once the new sets are
 * read back in place and the broker is read back hosting no partition), then the broker is stopped cleanly
 * ({@code stop}). The heal starts it ({@code start}) and moves every replica back ({@code reassign}, shape
 * {@code return}). Needs more brokers than each partition's replication factor; a drain that did not complete stops nothing.
 */
public final class DrainBrokerNemesis implements FaultInjector {
    private final long throttle;
    private final Duration bound;

    public DrainBrokerNemesis(NemesisOptions options) {
        this.throttle = options.nonNegative(NemesisSettings.REASSIGN_THROTTLE.key());
        this.bound = Duration.ofSeconds(options.positive(NemesisSettings.REASSIGN_TIMEOUT_SECONDS.key()));
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<Map<TopicPartition, PartitionReplicas>> every = ctx.operations().everyPartition();
        if (every.isEmpty()) return Fault.NONE;
        List<Integer> running = ctx.cluster().nodeIds().stream().filter(ctx.cluster()::isRunning).toList();
        List<Integer> candidates = running.stream().filter(b -> DrainPlan.possible(every.get(), b, running)).toList();
        if (candidates.isEmpty()) return Fault.NONE;
        int broker = ctx.pick(candidates);
        EveryTopicPlacement where = new EveryTopicPlacement(ctx);
        DrainPlan plan = DrainPlan.of(sorted(where, every.get()), broker, running, ctx.random());
        Move<TopicPartition> off = new Move<>(where, plan.from(), plan.to(), throttle, bound);
        ObjectNode v = off.value();
        v.putArray("nodes").add(broker);
        AtomicBoolean drained = new AtomicBoolean();
        ctx.recorder().record(NemesisOps.DRAIN_BROKER.f(), v, () -> {
            off.runToCompletion(ctx, v);
            HostedReplicas.awaitNone(ctx, where, broker, v, bound);
            drained.set(true);
        });
        if (!drained.get()) return new HealOnce("drain of broker " + broker + " did not complete", () -> { });
        ObjectNode stop = NemesisRecorder.nodes(List.of(broker));
        stop.put("role", "drained");
        ctx.recorder().record(NemesisOps.STOP.f(), stop, () -> ctx.cluster().stop(broker));
        Move<TopicPartition> back = off.reversed();
        return new HealOnce("broker " + broker + " drained (" + plan.to().size() + " partitions) and stopped", () -> {
            NodeStart.record(ctx, List.of(broker));
            ObjectNode r = back.value();
            r.put("shape", "return");
            ctx.recorder().record(NemesisOps.REASSIGN.f(), r, () -> back.runToCompletion(ctx, r));
        });
    }

    /** The partitions in {@code where}'s order, so that the same cluster and seed draw the same targets. */
    private static Map<TopicPartition, PartitionReplicas> sorted(EveryTopicPlacement where, Map<TopicPartition, PartitionReplicas> every) {
        Map<TopicPartition, PartitionReplicas> out = new TreeMap<>(where.order());
        out.putAll(every);
        return out;
    }
}
