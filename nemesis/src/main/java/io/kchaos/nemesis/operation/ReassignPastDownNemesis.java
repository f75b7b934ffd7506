package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultRole;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.process.Await;
import io.kchaos.nemesis.process.LeaderCrash;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code reassign-past-down}: a reassignment that keeps a replica whose broker is down, as an operator moves a partition
 * off a healthy broker while another replica's broker is dead (KAFKA-19975). A follower's broker is SIGKILLed, held
 * once the partition's ISR read back lacks it; then another replica (the leader, or another follower) is replaced by a
 * broker outside the replica set, the down replica staying in both sets and the set keeping its size, so completing the
 * move never shrinks the ISR. The move is one {@code reassign} op until the new set was read back; the heal restarts
 * the broker. The fault holds once the move was asked past the down replica; a move Kafka does not complete is
 * {@code info} with what was read back at its bound ({@code isr-after}, {@code still-listed}), which the checker judges
 * ({@code reassignment-stuck}).
 */
public final class ReassignPastDownNemesis implements FaultInjector {
    /** How long the partition's ISR may take to drop the killed follower: fencing after the broker session timeout. */
    private static final Duration ISR_DROP = Duration.ofSeconds(30);

    private final Duration bound;

    public ReassignPastDownNemesis(NemesisOptions options) {
        this.bound = Duration.ofSeconds(options.positive(NemesisSettings.REASSIGN_TIMEOUT_SECONDS.key()));
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<Target> chosen = choose(ctx);
        if (chosen.isEmpty()) return Fault.NONE;
        Target t = chosen.get();
        int p = t.partition();
        ObjectNode killValue = FaultRole.followers(NemesisRecorder.nodes(List.of(t.down())), p);
        LeaderCrash.KILL.crash(ctx, List.of(t.down()), killValue);
        HealOnce restart = new HealOnce("partition " + p + ": replica " + t.down() + " down, " + t.replaced() + " replaced by "
                + t.added(), () -> NodeStart.record(ctx, List.of(t.down())));
        if (!Await.until(() -> !ctx.topic().isr(p).contains(t.down()), ISR_DROP)) {
            return restart.notHeld(); // the ISR still names the dead replica: the move would not go past a down one
        }
        List<Integer> replicas = ctx.topic().replicas(p);
        List<Integer> target = new ArrayList<>(replicas);
        target.set(target.indexOf(t.replaced()), t.added());
        Move<Integer> move = Move.ofWorkload(ctx, Map.of(p, replicas), Map.of(p, target), 0, bound);
        ObjectNode v = move.value();
        v.put("shape", "past-down");
        v.putArray("down").add(t.down());
        ctx.topic().isr(p).forEach(v.putArray("isr-before")::add);
        // held once asked past the down replica: whether Kafka completes the move is the outcome the checker judges
        ctx.recorder().record(NemesisOps.REASSIGN.f(), v, () -> move.runToCompletion(ctx, v));
        return restart;
    }

    /**
     * A random partition whose leader and replicas all run, with a follower to kill, another replica (the leader too) to
     * replace and a broker outside the replica set to take its place.
     */
    private static Optional<Target> choose(NemesisContext ctx) {
        Set<Integer> moving = ctx.operations().reassignments().map(Map::keySet).orElse(Set.of());
        List<Integer> brokers = ctx.cluster().nodeIds();
        List<Target> candidates = new ArrayList<>();
        for (int p = 0; p < ctx.topic().partitions(); p++) {
            Optional<Integer> leader = ctx.topic().leader(p);
            List<Integer> replicas = ctx.topic().replicas(p);
            if (moving.contains(p) || leader.isEmpty() || replicas.size() < 2) continue;
            if (!replicas.stream().allMatch(n -> ctx.cluster().isRunning(n) && !ctx.cluster().isPaused(n))) continue;
            if (!Set.copyOf(ctx.topic().isr(p)).equals(Set.copyOf(replicas))) continue;
            List<Integer> outside = brokers.stream().filter(n -> !replicas.contains(n) && ctx.cluster().isRunning(n)).toList();
            List<Integer> followers = replicas.stream().filter(n -> !n.equals(leader.get())).toList();
            if (outside.isEmpty()) continue;
            for (int down : followers) {
                for (int replaced : replicas) {
                    if (replaced != down) candidates.add(new Target(p, down, replaced, outside.get(0)));
                }
            }
        }
        return candidates.isEmpty() ? Optional.empty() : Optional.of(ctx.pick(candidates));
    }

    private record Target(int partition, int down, int replaced, int added) {
    }
}
