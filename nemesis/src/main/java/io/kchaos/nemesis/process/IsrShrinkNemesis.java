package io.kchaos.nemesis.process;

import io.kchaos.history.FaultOp;
import io.kchaos.history.FaultRole;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.TopicView;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code isr-shrink}: the ISR shrinks to the leader alone, the leader keeps acknowledging, then it dies. SIGSTOP the
 * followers of a partition whose ISR is full until the leader drops them from the ISR (after
 * {@code replica.lag.time.max.ms}, which a scenario sets low), let the leader acknowledge writes alone for a while,
 * SIGKILL it, SIGCONT the followers, and wait (bounded) for the controller to elect a new leader — only a stale
 * follower is left, so that takes unclean election (or ELR). Healing restarts the old leader.
 *
 * <p>The paused followers must be a minority of the nodes: in KRaft combined mode every node is a controller, and
 * pausing a majority stops the quorum, so the ISR could never shrink (use replication factor 2 on 3 nodes).
 */
public final class IsrShrinkNemesis implements FaultInjector {
    private final String name;
    private final LeaderCrash crash;
    private final Duration shrinkTimeout;
    private final Duration leaderAlone;
    private final Duration electionWait;

    /**
     * @param name          the fault's name, for messages
     * @param crash         what takes the lone leader down: {@link LeaderCrash#KILL}, or a power loss
     * @param shrinkTimeout how long to wait for the ISR to become the leader alone
     * @param leaderAlone   how long the leader then acknowledges writes alone before it is taken down
     * @param electionWait  how long to wait for a new leader after the crash (the fault's hold comes after)
     */
    public IsrShrinkNemesis(String name, LeaderCrash crash, Duration shrinkTimeout, Duration leaderAlone, Duration electionWait) {
        this.name = name;
        this.crash = crash;
        this.shrinkTimeout = shrinkTimeout;
        this.leaderAlone = leaderAlone;
        this.electionWait = electionWait;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<Target> chosen = choose(ctx);
        if (chosen.isEmpty()) return Fault.NONE;
        int p = chosen.get().partition();
        int leader = chosen.get().leader();
        List<Integer> followers = chosen.get().followers();
        if (2 * followers.size() >= ctx.cluster().nodeIds().size()) {
            throw new IllegalStateException(name + " would pause " + followers.size() + " of " + ctx.cluster().nodeIds().size()
                    + " nodes, a majority of the KRaft quorum; use replication factor 2 on 3 nodes (or more nodes)");
        }
        TopicView topic = ctx.topic();
        ctx.recorder().record(NemesisOps.PAUSE.f(), FaultRole.followers(NemesisRecorder.nodes(followers), p), () -> followers.forEach(ctx.cluster()::pause));
        boolean shrunk = Await.until(() -> topic.isr(p).equals(List.of(leader)), shrinkTimeout);
        if (shrunk) Await.sleep(leaderAlone);
        Runnable resume = () -> Await.uninterruptibly(() -> ctx.recorder().record(NemesisOps.RESUME, NemesisRecorder.nodes(followers),
                () -> followers.forEach(ctx.cluster()::resume)));
        if (!shrunk || Thread.currentThread().isInterrupted()) {
            resume.run();
            if (Thread.currentThread().isInterrupted()) return Fault.NONE;
            throw new IllegalStateException("the ISR of partition " + p + " did not shrink to its leader " + leader + " within "
                    + shrinkTimeout.toSeconds() + " s (is replica.lag.time.max.ms low enough?)");
        }
        var killValue = FaultRole.leader(NemesisRecorder.nodes(List.of(leader)), p);
        try {
            crash.crash(ctx, List.of(leader), killValue);
        } finally {
            resume.run();
        }
        boolean elected = Await.until(() -> topic.leader(p).filter(l -> l != leader).isPresent(), electionWait);
        String outcome = elected ? "node " + topic.leader(p).map(String::valueOf).orElse("?") + " elected" : "no leader elected within " + electionWait.toSeconds() + " s";
        return KillNemesis.restartLater(ctx, leader, "partition " + p + ": ISR shrunk to leader " + leader + ", " + leader
                + " down, followers " + followers + " resumed, " + outcome);
    }

    /** A random partition whose leader runs and whose ISR is all of its (two or more, running) replicas. */
    private static Optional<Target> choose(NemesisContext ctx) {
        List<Target> candidates = new ArrayList<>();
        for (int p = 0; p < ctx.topic().partitions(); p++) {
            Optional<Integer> leader = ctx.topic().leader(p).filter(ctx.cluster()::isRunning);
            List<Integer> replicas = ctx.topic().replicas(p);
            if (leader.isEmpty() || replicas.size() < 2) continue;
            if (!new java.util.HashSet<>(ctx.topic().isr(p)).equals(new java.util.HashSet<>(replicas))) continue;
            int l = leader.get();
            List<Integer> followers = replicas.stream().filter(n -> n != l).toList();
            if (followers.stream().allMatch(n -> ctx.cluster().isRunning(n) && !ctx.cluster().isPaused(n))) {
                candidates.add(new Target(p, l, followers));
            }
        }
        return candidates.isEmpty() ? Optional.empty() : Optional.of(ctx.pick(candidates));
    }

    private record Target(int partition, int leader, List<Integer> followers) {
    }
}
