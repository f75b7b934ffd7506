package io.kchaos.nemesis.process;

import io.kchaos.history.FaultRole;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A lagging follower plus a crashed leader: SIGSTOP the followers of a random partition's leader, let writes pile up
 * on the leader alone, SIGKILL the leader, SIGCONT the followers (one of them becomes leader without the leader's
 * newest records). Healing restarts the old leader. This is the schedule under which acks=1 loses acknowledged writes.
 */
public final class PauseFollowersKillLeader implements FaultInjector {
    private final Duration lag;

    public PauseFollowersKillLeader(Duration lag) {
        this.lag = lag;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        int p = ctx.randomPartition();
        Optional<Integer> leader = ctx.topic().leader(p).filter(ctx.cluster()::isRunning);
        if (leader.isEmpty()) return Fault.NONE;
        int l = leader.get();
        List<Integer> followers = ctx.cluster().nodeIds().stream().filter(n -> n != l && ctx.cluster().isRunning(n)).toList();
        ctx.recorder().record(NemesisOps.PAUSE.f(), FaultRole.followers(NemesisRecorder.nodes(followers), p), () -> followers.forEach(ctx.cluster()::pause));
        try {
            Thread.sleep(lag.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        var killValue = FaultRole.leader(NemesisRecorder.nodes(List.of(l)), p);
        try {
            ctx.recorder().record(NemesisOps.KILL.f(), killValue, () -> ctx.cluster().kill(l));
        } finally {
            ctx.recorder().record(NemesisOps.RESUME, NemesisRecorder.nodes(followers), () -> followers.forEach(ctx.cluster()::resume));
        }
        return KillNemesis.restartLater(ctx, l, "followers of " + l + " paused, leader " + l + " killed");
    }
}
