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

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code drain-broker}: the operator's decommission. Every replica of the topic on a random running broker is moved to
 * brokers outside its partition's set ({@code drain-broker}, held once the new sets are in place), then the broker is
 * stopped cleanly ({@code stop}). The heal starts it ({@code start}) and moves the replicas back ({@code reassign},
 * shape {@code return}). Needs more brokers than the replication factor; a drain that did not complete stops nothing.
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
        List<Integer> brokers = ctx.cluster().nodeIds();
        List<Integer> running = brokers.stream().filter(ctx.cluster()::isRunning).toList();
        List<Integer> candidates = new ArrayList<>();
        for (int b : running) {
            if (plan(ctx, b, running).isPresent()) candidates.add(b);
        }
        if (candidates.isEmpty()) return Fault.NONE;
        int broker = ctx.pick(candidates);
        Move off = plan(ctx, broker, running).orElseThrow();
        ObjectNode v = off.value();
        v.putArray("nodes").add(broker);
        ctx.recorder().record(NemesisOps.DRAIN_BROKER.f(), v, () -> off.runToCompletion(ctx, v));
        boolean drained = off.to().entrySet().stream().allMatch(e -> ctx.topic().replicas(e.getKey()).equals(e.getValue()));
        if (!drained) return new HealOnce("drain of broker " + broker + " did not complete", () -> { });
        ObjectNode stop = NemesisRecorder.nodes(List.of(broker));
        stop.put("role", "drained");
        ctx.recorder().record(NemesisOps.STOP.f(), stop, () -> ctx.cluster().stop(broker));
        Move back = new Move(off.to(), off.from(), throttle, bound);
        return new HealOnce("broker " + broker + " drained and stopped", () -> {
            NodeStart.record(ctx, List.of(broker));
            ObjectNode r = back.value();
            r.put("shape", "return");
            ctx.recorder().record(NemesisOps.REASSIGN.f(), r, () -> back.runToCompletion(ctx, r));
        });
    }

    /** The move of every replica on {@code broker} to a running broker outside its partition's set, if each has one. */
    private Optional<Move> plan(NemesisContext ctx, int broker, List<Integer> running) {
        Map<Integer, List<Integer>> from = new LinkedHashMap<>();
        Map<Integer, List<Integer>> to = new LinkedHashMap<>();
        for (int p = 0; p < ctx.topic().partitions(); p++) {
            List<Integer> replicas = ctx.topic().replicas(p);
            if (!replicas.contains(broker)) continue;
            List<Integer> outside = running.stream().filter(b -> !replicas.contains(b)).toList();
            if (outside.isEmpty()) return Optional.empty();
            List<Integer> target = new ArrayList<>(replicas);
            target.set(replicas.indexOf(broker), outside.get(ctx.random().nextInt(outside.size())));
            from.put(p, replicas);
            to.put(p, List.copyOf(target));
        }
        return from.isEmpty() ? Optional.empty() : Optional.of(new Move(from, to, throttle, bound));
    }
}
