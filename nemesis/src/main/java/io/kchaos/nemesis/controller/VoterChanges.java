package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultRole;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.OperationFields;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.QuorumState;
import io.kchaos.nemesis.cluster.RaftVoter;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The voter changes of a KIP-853 dynamic quorum as the voter faults record them (the voter to change is a
 * {@link VoterTarget}'s pick): its removal and its addition, each held once the quorum's voters, read back, show
 * it (an addition Kafka refuses for now is asked again until they do).
 */
final class VoterChanges {
    /**
     * A voter change commits once the leader has appended it and a majority of the new set fetched it: a few fetches
     * (the quorum's 2 s fetch timeout at worst), plus {@link EffectWait#BOUND} for busy cores.
     */
    static final Duration COMMITTED_BOUND = Duration.ofSeconds(30);
    static final long RETRY_MS = 1_000;

    private VoterChanges() {
    }

    /**
     * Records the removal of {@code voter} ({@code remove-voter}, with the voters before, as read for the pick, and
     * after); true when the voters read back lack it (a removal Kafka refused and the quorum still shows is {@code info}).
     */
    static boolean remove(NemesisContext ctx, RaftVoter voter, List<RaftVoter> voters) {
        ObjectNode v = value(voter);
        ArrayNode before = v.putArray(OperationFields.VOTERS_BEFORE);
        voters.forEach(x -> before.add(x.id()));
        ctx.recorder().record(NemesisOps.REMOVE_VOTER.f(), v, () -> {
            try {
                ctx.operations().removeRaftVoter(voter);
            } catch (RuntimeException e) { // refused for now, or no answer: whether it happened is read back
                v.put("refusal", e.getMessage());
                List<Integer> now = votersNow(ctx);
                if (now.contains(voter.id())) throw new FaultNotHeld("removal refused: " + e.getMessage() + "; voters " + now);
            }
            v.set(OperationFields.VOTERS_AFTER, ids(awaitVoters(ctx, voter.id(), false)));
        });
        return !votersNow(ctx).contains(voter.id());
    }

    /**
     * Records the addition of {@code voter} ({@code add-voter}), held once the voters read back include it and, where
     * the quorum's voters can be read with their directory ids, include it with its own (not another disk of the node).
     */
    static void add(NemesisContext ctx, RaftVoter voter, ObjectNode value) {
        ctx.recorder().record(NemesisOps.ADD_VOTER, value, () -> {
            value.set(OperationFields.VOTERS_AFTER, ids(addUntilIn(ctx, voter, value)));
            Optional<String> seen = ctx.operations().raftVoters()
                    .flatMap(all -> all.stream().filter(v -> v.id() == voter.id()).findFirst()).map(RaftVoter::directoryId);
            seen.ifPresent(id -> value.put("directory-id-after", id));
            if (seen.isPresent() && !seen.get().equals(voter.directoryId())) {
                throw new FaultNotHeld("voter " + voter.id() + " reads back with directory id " + seen.get() + ", not " + voter.directoryId());
            }
        });
    }

    /**
     * Asks for the voter until the quorum, read back, includes it: a request Kafka refuses for now (a leader change in
     * between: {@code NOT_LEADER_OR_FOLLOWER}) is asked again every {@value #RETRY_MS} ms within
     * {@link #COMMITTED_BOUND}, so a heal never leaves the quorum a voter short; the refusals are counted in the op.
     */
    private static List<Integer> addUntilIn(NemesisContext ctx, RaftVoter voter, ObjectNode value) {
        long deadline = System.nanoTime() + COMMITTED_BOUND.toNanos();
        int refused = 0;
        String last = "";
        while (true) {
            try {
                ctx.operations().addRaftVoter(voter);
            } catch (RuntimeException e) { // refused or unanswered: the read-back decides
                refused++;
                last = e.getMessage();
                value.put("refusals", refused).put("last-refusal", last);
            }
            List<Integer> voters = votersNow(ctx);
            if (voters.contains(voter.id())) return voters;
            if (System.nanoTime() - deadline >= 0) {
                throw new FaultNotHeld("voter " + voter.id() + " not in within " + COMMITTED_BOUND.toSeconds() + " s; voters " + voters
                        + (last.isEmpty() ? "" : "; last refusal: " + last));
            }
            try {
                Thread.sleep(RETRY_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new FaultNotHeld("interrupted while adding voter " + voter.id());
            }
        }
    }

    /** {@code {"nodes": [id], "role": "voters", "directory-id": ..., "endpoints": [...]}}. */
    static ObjectNode value(RaftVoter voter) {
        ObjectNode v = FaultRole.plain(NemesisRecorder.nodes(List.of(voter.id())), FaultRole.VOTERS);
        v.put(OperationFields.DIRECTORY_ID, voter.directoryId());
        ArrayNode e = v.putArray("endpoints");
        voter.endpoints().forEach(e::add);
        return v;
    }

    /** Waits until the quorum's voters, read back, include {@code id} or not; returns them. */
    private static List<Integer> awaitVoters(NemesisContext ctx, int id, boolean present) {
        return EffectWait.until("the quorum's voters " + (present ? "including " : "without ") + id, COMMITTED_BOUND,
                () -> ctx.quorum().state().map(QuorumState::voters).orElse(null),
                voters -> voters != null && voters.contains(id) == present,
                voters -> voters == null ? "no quorum answer" : "voters " + voters);
    }

    /** The quorum's voters as read back now; none when the quorum does not answer. */
    static List<Integer> votersNow(NemesisContext ctx) {
        return ctx.quorum().state().map(QuorumState::voters).orElse(List.of());
    }

    private static ArrayNode ids(List<Integer> voters) {
        return Json.MAPPER.valueToTree(voters);
    }
}
