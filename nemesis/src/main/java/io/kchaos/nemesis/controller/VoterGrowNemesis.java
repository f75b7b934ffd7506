package io.kchaos.nemesis.controller;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.RaftVoter;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code voter-grow} (a KIP-853 dynamic quorum that starts with fewer voters than controllers, {@code --initial-voters}):
 * adds every running controller the quorum started without as a voter ({@code Admin.addRaftVoter} with the directory id
 * it fetches with and its controller endpoint; {@code grow-voter}), each held once the voters read back include it; the
 * heal removes the voters it added ({@code Admin.removeRaftVoter}; {@code shrink-voter}), each held once the voters read
 * back lack it, so the quorum shrinks back to its start. Changes Kafka refuses for now are asked again as {@link VoterChanges} does for every voter fault.
 */
public final class VoterGrowNemesis implements FaultInjector {
    private final Duration bound;

    public VoterGrowNemesis() {
        this(VoterChanges.COMMITTED_BOUND);
    }

    /** With {@code bound}: how long a voter change is asked for and awaited before it counts as not held. */
    VoterGrowNemesis(Duration bound) {
        this.bound = bound;
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        List<RaftVoter> joining = QuorumObservers.toAdd(ctx);
        if (joining.isEmpty()) return Fault.NONE;
        for (RaftVoter o : joining) {
            VoterChanges.add(ctx, NemesisOps.GROW_VOTER.f(), o, VoterChanges.before(VoterChanges.value(o), VoterChanges.votersNow(ctx)), bound);
        }
        return new HealOnce("controllers " + joining.stream().map(RaftVoter::id).toList() + " added to the quorum", () -> {
            List<RaftVoter> lastFirst = new ArrayList<>(joining);
            Collections.reverse(lastFirst);
            lastFirst.forEach(o -> shrink(ctx, o));
        });
    }

    /** Removes {@code added} again when the quorum, read back, names it (with the directory id it names it with). */
    private void shrink(NemesisContext ctx, RaftVoter added) {
        if (!VoterChanges.votersNow(ctx).contains(added.id())) return; // its addition never took, or another fault removed it
        List<RaftVoter> voters = ctx.operations().raftVoters().orElse(List.of());
        RaftVoter voter = voters.stream().filter(v -> v.id() == added.id()).findFirst().orElse(added);
        VoterChanges.remove(ctx, NemesisOps.SHRINK_VOTER, voter, voters, bound);
    }
}
