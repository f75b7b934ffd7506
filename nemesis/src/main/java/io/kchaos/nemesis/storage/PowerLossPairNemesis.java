package io.kchaos.nemesis.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NodeStart;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * KIP-101's double failure ({@code power-loss-leader-follower}): the leader of a random partition whose ISR is full
 * and one of its followers lose power together (their unsynced tails are gone). Healing restarts them one after the
 * other, {@code restart-gap-seconds} (10) apart, in the order {@code restart-order} says: {@code follower-first} (the
 * default: the follower, missing its tail, may be elected before the old leader returns) or {@code leader-first}.
 */
public final class PowerLossPairNemesis implements FaultInjector {
    static final Set<String> ORDERS = Set.of("follower-first", "leader-first");

    private final PowerLossCrash crash;
    private final boolean followerFirst;
    private final Duration gap;

    public PowerLossPairNemesis(NemesisOptions options) {
        this.crash = new PowerLossCrash(options.flag("torn-writes"));
        this.followerFirst = options.choice("restart-order", ORDERS).equals("follower-first");
        this.gap = Duration.ofSeconds(options.positive("restart-gap-seconds"));
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        List<int[]> candidates = new ArrayList<>();
        for (int p = 0; p < ctx.topic().partitions(); p++) {
            int partition = p;
            ctx.topic().leader(p).filter(ctx.cluster()::isRunning).ifPresent(leader -> {
                List<Integer> replicas = ctx.topic().replicas(partition);
                boolean fullIsr = replicas.size() >= 2 && new HashSet<>(ctx.topic().isr(partition)).equals(new HashSet<>(replicas));
                if (fullIsr) candidates.add(new int[] {partition, leader});
            });
        }
        if (candidates.isEmpty()) return Fault.NONE;
        int[] chosen = ctx.pick(candidates);
        int leader = chosen[1];
        int follower = ctx.pick(ctx.topic().replicas(chosen[0]).stream().filter(n -> n != leader).toList());
        ObjectNode v = NemesisRecorder.nodes(List.of(leader, follower));
        v.put("leader-of", chosen[0]);
        v.put("leader", leader);
        v.put("follower", follower);
        crash.crash(ctx, List.of(leader, follower), v);
        List<Integer> order = followerFirst ? List.of(follower, leader) : List.of(leader, follower);
        return new HealOnce("leader " + leader + " and follower " + follower + " lost power; restart " + order,
                () -> restartInTurn(ctx, order));
    }

    private void restartInTurn(NemesisContext ctx, List<Integer> order) {
        NodeStart.record(ctx, List.of(order.get(0)));
        try {
            Thread.sleep(gap.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the final heal still starts the second node at once
        }
        NodeStart.record(ctx, List.of(order.get(1)));
    }
}
