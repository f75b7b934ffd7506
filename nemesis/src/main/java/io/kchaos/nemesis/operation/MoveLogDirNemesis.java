package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.OperationFields;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.cluster.OperationsView.ReplicaDir;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code move-log-dir}: the operator's fix for a full disk on a JBOD broker. A random replica of the topic on a running
 * broker with two or more log dirs (as {@code describeLogDirs} lists them) is moved to another of them
 * ({@link LogDirMove}), held once {@code describeReplicaLogDirs} reads it there with no future replica left; the heal
 * ({@code restore-log-dir}) moves it back, held the same way. With {@code move-log-dir-target=leader} only partitions'
 * leaders are candidates (a leader's move drops its record-less epochs, KAFKA-20961).
 */
public final class MoveLogDirNemesis implements FaultInjector {
    private final Duration bound;
    private final boolean leadersOnly;

    public MoveLogDirNemesis(NemesisOptions options) {
        this(Duration.ofSeconds(options.positive(NemesisSettings.REASSIGN_TIMEOUT_SECONDS.key())),
                options.choice(NemesisSettings.MOVE_LOG_DIR_TARGET.key(), Set.of("any", "leader")).equals("leader"));
    }

    MoveLogDirNemesis(Duration bound) {
        this(bound, false);
    }

    MoveLogDirNemesis(Duration bound, boolean leadersOnly) {
        this.bound = bound;
        this.leadersOnly = leadersOnly;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Map<Integer, List<String>> dirs = ctx.operations().logDirs();
        List<Replica> candidates = new ArrayList<>();
        for (int p = 0; p < ctx.topic().partitions(); p++) {
            List<Integer> replicas = leadersOnly ? ctx.topic().leader(p).map(List::of).orElse(List.of()) : ctx.topic().replicas(p);
            for (int b : replicas) {
                if (ctx.cluster().isRunning(b) && dirs.getOrDefault(b, List.of()).size() >= 2) candidates.add(new Replica(b, p));
            }
        }
        if (candidates.isEmpty()) return Fault.NONE;
        Replica chosen = ctx.pick(candidates);
        int broker = chosen.broker();
        int partition = chosen.partition();
        Optional<String> from = ctx.operations().replicaDir(broker, partition).map(ReplicaDir::current);
        if (from.isEmpty()) return Fault.NONE;
        List<String> others = dirs.get(broker).stream().filter(d -> !d.equals(from.get())).toList();
        if (others.isEmpty()) return Fault.NONE;
        String to = others.get(ctx.random().nextInt(others.size()));
        ObjectNode v = NemesisRecorder.nodes(List.of(broker));
        v.put(OperationFields.PARTITION, partition);
        v.put(OperationFields.FROM, from.get());
        v.put(OperationFields.TO, to);
        AtomicBoolean held = new AtomicBoolean();
        ctx.recorder().record(NemesisOps.MOVE_LOG_DIR.f(), v, () -> {
            LogDirMove.move(ctx, broker, partition, to, v, bound);
            held.set(true);
        });
        ObjectNode back = NemesisRecorder.nodes(List.of(broker));
        back.put(OperationFields.PARTITION, partition);
        back.put(OperationFields.FROM, to);
        back.put(OperationFields.TO, from.get());
        Fault fault = new HealOnce("partition " + partition + " on broker " + broker + " moved to " + to, () ->
                ctx.recorder().record(NemesisOps.RESTORE_LOG_DIR, back, () -> LogDirMove.move(ctx, broker, partition, from.get(), back, bound)));
        return held.get() ? fault : fault.notHeld();
    }

    /** One replica of the topic: its broker and partition. */
    private record Replica(int broker, int partition) {
    }
}
