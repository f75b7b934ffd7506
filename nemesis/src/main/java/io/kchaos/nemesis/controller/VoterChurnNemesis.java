package io.kchaos.nemesis.controller;

import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.RaftVoter;

import java.time.Duration;
import java.util.List;

/**
 * {@code voter-churn} (a KIP-853 dynamic quorum): on its turns, as {@link VoterMoves} says (by default a removal, then
 * a follower's metadata disk replaced as {@code voter-replace} does, in turn). A removal removes a voter ({@code Admin.removeRaftVoter}): a random running one
 * that does not lead the quorum, or with {@code voter-churn-target=leader} the active controller itself, held once the quorum, read back, names the voters without it; the heal adds it back
 * with the same directory id and endpoints ({@code Admin.addRaftVoter}), held once the voters include it again (a
 * removal Kafka still refuses after being asked again for {@link VoterChanges#COMMITTED_BOUND}, the quorum still
 * showing it, is {@code info}, and its heal adds nothing). The removed controller
 * keeps running meanwhile, as an observer. A quorum of fewer than three voters is left alone.
 */
public final class VoterChurnNemesis implements FaultInjector {
    private final VoterTarget target;
    private final VoterMoves moves;
    private final Duration refusedBound;
    private final FaultInjector replace = new VoterReplaceNemesis();
    private int turn;

    /** Removals only (the heal adds the voter back). */
    public VoterChurnNemesis(VoterTarget target) {
        this(target, VoterMoves.REMOVE);
    }

    public VoterChurnNemesis(VoterTarget target, VoterMoves moves) {
        this(target, moves, VoterChanges.COMMITTED_BOUND);
    }

    /** With {@code refusedBound}: how long a voter change Kafka refuses is asked again before it counts as not held. */
    VoterChurnNemesis(VoterTarget target, VoterMoves moves, Duration refusedBound) {
        this.target = target;
        this.moves = moves;
        this.refusedBound = refusedBound;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        // a turn whose replacement cannot run here (no storage control) removes instead
        if (moves.replacesOn(turn++) && ctx.cluster().storage().isPresent()) return replace.inject(ctx);
        return remove(ctx);
    }

    private Fault remove(NemesisContext ctx) {
        List<RaftVoter> voters = ctx.operations().raftVoters().orElse(List.of());
        return target.pick(ctx, voters).<Fault>map(voter -> {
            VoterChanges.remove(ctx, voter, voters, refusedBound);
            // whatever the removal's outcome, the heal puts the voter back if the quorum, read back then, lacks it
            return new HealOnce("voter " + voter.id() + " removed from the quorum", () -> {
                if (VoterChanges.votersNow(ctx).contains(voter.id())) return; // the removal never took: nothing to heal
                VoterChanges.add(ctx, voter, VoterChanges.value(voter), refusedBound);
            });
        }).orElse(Fault.NONE);
    }
}
