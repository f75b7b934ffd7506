package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultRole;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.QuorumState;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The voters a quorum power cut spares, under {@code spared-voters=pause}: SIGSTOPped (a {@code pause} op with
 * {@code "spared": true}) from just before the cut until the cut voters, restarted, have elected a leader among
 * themselves in a higher epoch (their {@code start} holds only once the quorum reads that back), then resumed. So the
 * cut voters decide the quorum's log alone, as when the spared voter is partitioned away during a power event: with
 * honest disks they still hold every committed entry, with lying ones they cannot. Under {@code run} (the default)
 * nothing is held and the start holds once the processes run.
 */
final class SparedVoters {
    /**
     * A controller JVM's restart plus an election on a 2-core machine: the start takes up to about 20 s, an election a
     * few election timeouts (1 s each by default), and busy cores add {@link EffectWait#BOUND}.
     */
    static final Duration ELECTED_BOUND = Duration.ofSeconds(60);

    private final List<Integer> spared;
    private final int epochBefore;

    private SparedVoters(List<Integer> spared, int epochBefore) {
        this.spared = spared;
        this.epochBefore = epochBefore;
    }

    /** True when {@code options} ask to pause the spared voters. */
    static boolean paused(NemesisOptions options) {
        return options.choice(NemesisSettings.SPARED_VOTERS.key(), Set.of("run", "pause")).equals("pause");
    }

    /** Before the cut of {@code cut}: with {@code pause}, pauses every other running voter (recorded); otherwise holds nobody. */
    static SparedVoters hold(NemesisContext ctx, List<Integer> cut, boolean pause) {
        int epoch = ctx.quorum().state().map(QuorumState::epoch).orElse(-1);
        if (!pause) return new SparedVoters(List.of(), epoch);
        List<Integer> others = CurrentVoters.ids(ctx).stream()
                .filter(v -> !cut.contains(v) && ctx.cluster().isRunning(v) && !ctx.cluster().isPaused(v)).toList();
        if (!others.isEmpty()) {
            ObjectNode v = FaultRole.plain(NemesisRecorder.nodes(others), FaultRole.VOTERS).put("spared", true);
            ctx.recorder().record(NemesisOps.PAUSE.f(), v, () -> others.forEach(ctx.cluster()::pause));
        }
        return new SparedVoters(others, epoch);
    }

    /**
     * Starts the cut voters (a {@code start} op with {@code value} and the quorum's leader after), held, when voters
     * were spared, once the quorum names one of them leader in a higher epoch; then resumes the spared ones.
     */
    void restart(NemesisContext ctx, List<Integer> cut, ObjectNode value) {
        try {
            if (spared.isEmpty()) {
                ActiveController.after(ctx, value);
                ctx.recorder().record(NemesisOps.START, value, () -> NodeStart.startAll(ctx, cut));
                return;
            }
            ctx.recorder().record(NemesisOps.START, value, () -> {
                cut.forEach(ctx.cluster()::start);
                Optional<QuorumState> seen = EffectWait.until("a leader among " + cut + " in an epoch above " + epochBefore, ELECTED_BOUND,
                        () -> ctx.quorum().state(), s -> s.isPresent() && cut.contains(s.get().leader()) && s.get().epoch() > epochBefore,
                        s -> s.map(q -> "leader " + q.leader() + " in epoch " + q.epoch()).orElse("no leader"));
                value.putObject(ActiveController.AFTER).put("leader", seen.get().leader()).put("epoch", seen.get().epoch());
            });
        } finally {
            if (!spared.isEmpty()) ctx.recorder().record(NemesisOps.RESUME, NemesisRecorder.nodes(spared), () -> spared.forEach(ctx.cluster()::resume));
        }
    }
}
