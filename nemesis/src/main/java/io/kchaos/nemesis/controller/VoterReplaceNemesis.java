package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultRole;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NodeStart;
import io.kchaos.nemesis.cluster.RaftVoter;
import io.kchaos.nemesis.cluster.StorageControl;

import java.util.List;
import java.util.Optional;

/**
 * {@code voter-replace} (a KIP-853 dynamic quorum): what an operator does when a controller's metadata disk fails.
 * A random running voter that does not lead is removed ({@code remove-voter}, held once the voters read back lack it),
 * stopped ({@code stop}), and its metadata directory replaced by a freshly formatted empty one that names no voters
 * ({@code wipe} with {@code "scope": "metadata"}: a new directory id, read back). The heal starts it ({@code start}, held
 * once it caught up with the quorum as an observer) and adds it as a voter with the new directory id ({@code add-voter},
 * held once the voters read back include it with that id).
 */
public final class VoterReplaceNemesis implements FaultInjector {
    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<StorageControl> storage = ctx.cluster().storage();
        if (storage.isEmpty()) return Fault.NONE;
        List<RaftVoter> voters = ctx.operations().raftVoters().orElse(List.of());
        return VoterTarget.FOLLOWER.pick(ctx, voters).<Fault>map(voter -> {
            if (!VoterChanges.remove(ctx, voter, voters, VoterChanges.COMMITTED_BOUND)) return Fault.NONE; // Kafka refused the removal: nothing to replace
            int node = voter.id();
            ctx.recorder().record(NemesisOps.STOP.f(), FaultRole.plain(NemesisRecorder.nodes(List.of(node)), FaultRole.VOTERS),
                    () -> ctx.cluster().stop(node));
            ObjectNode w = FaultRole.plain(NemesisRecorder.nodes(List.of(node)), FaultRole.VOTERS).put("scope", "metadata");
            ctx.recorder().record(NemesisOps.WIPE.f(), w, () -> w.setAll(storage.get().replaceMetadataDisk(node)));
            String fresh = w.path("directory-id").asText("");
            return new HealOnce("voter " + node + " removed, its metadata disk replaced", () -> {
                NodeStart.record(ctx, List.of(node));
                if (fresh.isEmpty()) return; // the disk was not replaced: the node comes back as the observer it was
                RaftVoter replaced = new RaftVoter(node, fresh, voter.endpoints());
                ObjectNode a = VoterChanges.value(replaced).put("directory-id-before", voter.directoryId());
                VoterChanges.add(ctx, replaced, a, VoterChanges.COMMITTED_BOUND);
            });
        }).orElse(Fault.NONE);
    }
}
