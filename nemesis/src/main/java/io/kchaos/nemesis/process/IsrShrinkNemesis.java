package io.kchaos.nemesis.process;

import io.kchaos.history.FaultRole;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.QuorumState;
import io.kchaos.nemesis.cluster.TopicView;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code isr-shrink}: the ISR shrinks to the leader alone, the leader keeps acknowledging, then it dies. SIGSTOP the
 * followers of a partition whose ISR is full until the leader drops them from the ISR (after
 * {@code replica.lag.time.max.ms}, which a scenario sets low), let the leader acknowledge writes alone for a while,
 * SIGKILL it, SIGCONT the followers, and wait (bounded) for the controller to elect a stale follower — that takes
 * unclean election (or ELR). Healing restarts the old leader. Each attempt ends with an {@code unclean-election} note
 * with the high watermarks read back (what the old leader committed alone, and the new leader's end: the offsets
 * between were committed and are gone): {@code ok} once the attempt held ({@link Holds}), else {@code info} with the
 * step that did not hold and what was seen; an attempt that did not hold is not counted as an injected fault.
 *
 * <p>Followers that are voters of the metadata quorum must be a minority of it (combined mode: use replication factor
 * 2 on 3 nodes). A target whose followers include the active controller is taken only when there is no other: pausing
 * the active controller delays the leader's AlterPartition (Kafka 4.4.0, 2026-12-06: the ISR shrank 3.6 s after the
 * pause while the active controller ran on, 11 s after it when the paused follower was the active controller, and CI
 * once saw it not shrink within 30 s).
 */
public final class IsrShrinkNemesis implements FaultInjector {
    /** When an attempt has done what the fault promises. */
    public enum Holds {
        /** Once a stale follower is read back leading: {@code isr-shrink}, whose hazard is the unclean election itself. */
        ONCE_A_FOLLOWER_LEADS,
        /**
         * Once the lone leader is down: {@code isr-shrink-power-loss}, which tests whether Kafka elects the follower at
         * all (KIP-966), so a follower that never leads is an outcome, not a fault that failed.
         */
        ONCE_THE_LEADER_IS_DOWN
    }

    private final String name;
    private final Holds holds;
    private final LeaderCrash crash;
    private final Duration shrinkTimeout;
    private final Duration leaderAlone;
    private final Duration electionWait;

    /**
     * @param name          the fault's name, for messages
     * @param holds         when an attempt counts as held
     * @param crash         what takes the lone leader down: {@link LeaderCrash#KILL}, or a power loss
     * @param shrinkTimeout how long to wait for the ISR to become the leader alone
     * @param leaderAlone   how long the leader then acknowledges writes alone before it is taken down
     * @param electionWait  how long to wait for a new leader after the crash (the fault's hold comes after)
     */
    public IsrShrinkNemesis(String name, Holds holds, LeaderCrash crash, Duration shrinkTimeout, Duration leaderAlone, Duration electionWait) {
        this.name = name;
        this.holds = holds;
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
        List<Integer> voters = ctx.cluster().voterIds();
        long pausedVoters = followers.stream().filter(voters::contains).count();
        if (2 * pausedVoters >= voters.size()) {
            throw new IllegalStateException(name + " would pause " + pausedVoters + " of the " + voters.size()
                    + " voters of the KRaft quorum, a majority; use replication factor 2 on 3 nodes (or more nodes, or dedicated controllers)");
        }
        TopicView topic = ctx.topic();
        UncleanElection outcome = new UncleanElection(p, leader, followers);
        ctx.recorder().record(NemesisOps.PAUSE.f(), FaultRole.followers(NemesisRecorder.nodes(followers), p), () -> followers.forEach(ctx.cluster()::pause));
        boolean shrunk = Await.until(() -> topic.isr(p).equals(List.of(leader)), shrinkTimeout);
        Runnable resume = () -> Await.uninterruptibly(() -> ctx.recorder().record(NemesisOps.RESUME, NemesisRecorder.nodes(followers),
                () -> followers.forEach(ctx.cluster()::resume)));
        if (!shrunk || Thread.currentThread().isInterrupted()) {
            resume.run();
            if (Thread.currentThread().isInterrupted()) return Fault.NONE;
            outcome.isrSeen(topic.isr(p));
            record(ctx, outcome, "the ISR of partition " + p + " did not shrink to its leader " + leader + " within "
                    + shrinkTimeout.toSeconds() + " s (is replica.lag.time.max.ms low enough?)");
            return Fault.NONE;
        }
        outcome.shrunkAt(topic.highWatermark(p));
        Await.sleep(leaderAlone);
        outcome.crashedAt(topic.highWatermark(p));
        var killValue = FaultRole.leader(NemesisRecorder.nodes(List.of(leader)), p);
        try {
            crash.crash(ctx, List.of(leader), killValue);
        } finally {
            resume.run();
        }
        AtomicReference<Optional<Integer>> seen = new AtomicReference<>(Optional.empty()); // the leader as last read
        boolean elected = Await.until(() -> seen.updateAndGet(x -> topic.leader(p)).filter(followers::contains).isPresent(), electionWait);
        Optional<Integer> now = seen.get();
        if (elected) outcome.elected(now.orElseThrow(), epochStart(topic, p));
        else outcome.leaderSeen(now);
        String none = "no follower of " + leader + " leads partition " + p + " within " + electionWait.toSeconds()
                + " s (leader now: " + now.map(String::valueOf).orElse("none") + ")";
        boolean held = elected || holds == Holds.ONCE_THE_LEADER_IS_DOWN;
        record(ctx, outcome, held ? null : none);
        Fault restart = KillNemesis.restartLater(ctx, leader, "partition " + p + ": ISR shrunk to leader " + leader + ", " + leader
                + " down, followers " + followers + " resumed, " + (elected ? "node " + now.orElseThrow() + " elected" : none));
        return held ? restart : restart.notHeld();
    }

    /** The new leader's log end when elected, asked until it answers (a leader elected uncleanly may first recover). */
    private OptionalLong epochStart(TopicView topic, int p) {
        AtomicReference<OptionalLong> start = new AtomicReference<>(OptionalLong.empty());
        Await.until(() -> start.updateAndGet(x -> topic.leaderEpochStart(p)).isPresent(), electionWait);
        return start.get();
    }

    /** Writes the attempt's {@code unclean-election} note: ok, or info with why it did not hold ({@code why} non-null). */
    private static void record(NemesisContext ctx, UncleanElection outcome, String why) {
        ctx.recorder().record(NemesisOps.UNCLEAN_ELECTION, outcome.toJson(), () -> {
            if (why != null) throw new FaultNotHeld(why);
        });
    }

    /**
     * A random partition whose leader runs and whose ISR is all of its (two or more, running) replicas, preferring one
     * whose followers do not include the active controller.
     */
    private static Optional<Target> choose(NemesisContext ctx) {
        List<Target> candidates = new ArrayList<>();
        for (int p = 0; p < ctx.topic().partitions(); p++) {
            Optional<Integer> leader = ctx.topic().leader(p).filter(ctx.cluster()::isRunning);
            List<Integer> replicas = ctx.topic().replicas(p);
            if (leader.isEmpty() || replicas.size() < 2) continue;
            if (!new HashSet<>(ctx.topic().isr(p)).equals(new HashSet<>(replicas))) continue;
            int l = leader.get();
            List<Integer> followers = replicas.stream().filter(n -> n != l).toList();
            if (followers.stream().allMatch(n -> ctx.cluster().isRunning(n) && !ctx.cluster().isPaused(n))) {
                candidates.add(new Target(p, l, followers));
            }
        }
        Optional<Integer> controller = ctx.quorum().state().map(QuorumState::leader);
        List<Target> sparing = candidates.stream().filter(t -> controller.map(c -> !t.followers().contains(c)).orElse(true)).toList();
        List<Target> from = sparing.isEmpty() ? candidates : sparing;
        return from.isEmpty() ? Optional.empty() : Optional.of(ctx.pick(from));
    }

    private record Target(int partition, int leader, List<Integer> followers) {
    }
}
