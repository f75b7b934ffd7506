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
 * it (a change Kafka refuses for now is asked again until they do).
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
     * after); true when the voters read back lack it. A removal Kafka refuses for now (a leader change in between) is
     * asked again as an addition is; one still refused at the bound, with the quorum still showing it, is {@code info}.
     */
    static boolean remove(NemesisContext ctx, RaftVoter voter, List<RaftVoter> voters, Duration bound) {
        return remove(ctx, NemesisOps.REMOVE_VOTER.f(), voter, voters, bound);
    }

    /** {@link #remove(NemesisContext, RaftVoter, List, Duration)} recorded as {@code f} (voter-grow's heal: {@code shrink-voter}). */
    static boolean remove(NemesisContext ctx, String f, RaftVoter voter, List<RaftVoter> voters, Duration bound) {
        ObjectNode v = before(value(voter), voters.stream().map(RaftVoter::id).toList());
        ctx.recorder().record(f, v, () ->
                v.set(OperationFields.VOTERS_AFTER, ids(askUntil(ctx, "removal", () -> ctx.operations().removeRaftVoter(voter),
                        voter.id(), false, v, bound))));
        return !votersNow(ctx).contains(voter.id());
    }

    /**
     * Records the addition of {@code voter} ({@code add-voter}), held once the voters read back include it and, where
     * the quorum's voters can be read with their directory ids, include it with its own (not another disk of the node).
     */
    static void add(NemesisContext ctx, RaftVoter voter, ObjectNode value, Duration bound) {
        add(ctx, NemesisOps.ADD_VOTER, voter, value, bound);
    }

    /** {@link #add(NemesisContext, RaftVoter, ObjectNode, Duration)} recorded as {@code f} (voter-grow's: {@code grow-voter}). */
    static void add(NemesisContext ctx, String f, RaftVoter voter, ObjectNode value, Duration bound) {
        ctx.recorder().record(f, value, () -> {
            value.set(OperationFields.VOTERS_AFTER, ids(askUntil(ctx, "addition", () -> ctx.operations().addRaftVoter(voter),
                    voter.id(), true, value, bound)));
            Optional<String> seen = ctx.operations().raftVoters()
                    .flatMap(all -> all.stream().filter(v -> v.id() == voter.id()).findFirst()).map(RaftVoter::directoryId);
            seen.ifPresent(id -> value.put("directory-id-after", id));
            if (seen.isPresent() && !seen.get().equals(voter.directoryId())) {
                throw new FaultNotHeld("voter " + voter.id() + " reads back with directory id " + seen.get() + ", not " + voter.directoryId());
            }
        });
    }

    /**
     * Asks for a voter change until the quorum, read back, shows {@code id} in ({@code present}) or out: an accepted
     * request is awaited until the voters show it (within {@code bound}; a change Kafka accepted but the voters never
     * show is not held); one Kafka refuses for now (a leader change in between:
     * {@code NOT_LEADER_OR_FOLLOWER}) is asked again every {@value #RETRY_MS} ms within {@code bound} (the nemeses':
     * {@link #COMMITTED_BOUND}), so a
     * heal never leaves the quorum a voter short; the refusals are counted in the op ({@code refusals},
     * {@code last-refusal}).
     */
    private static List<Integer> askUntil(NemesisContext ctx, String change, Runnable ask, int id, boolean present, ObjectNode value,
                                          Duration bound) {
        long deadline = System.nanoTime() + bound.toNanos();
        int refused = 0;
        while (true) {
            try {
                ask.run();
                return awaitVoters(ctx, id, present, bound);
            } catch (FaultNotHeld e) {
                throw e;
            } catch (RuntimeException e) { // refused or unanswered: the read-back decides
                refused++;
                value.put("refusals", refused).put("last-refusal", String.valueOf(e.getMessage()));
            }
            List<Integer> voters = votersNow(ctx);
            if (voters.contains(id) == present) return voters;
            if (System.nanoTime() - deadline >= 0) {
                throw new FaultNotHeld(change + " refused for " + bound.toMillis() + " ms; voters " + voters
                        + "; last refusal: " + value.path("last-refusal").asText());
            }
            try {
                Thread.sleep(RETRY_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new FaultNotHeld("interrupted during the " + change + " of voter " + id);
            }
        }
    }

    /** Writes {@code "voters-before": [ids]} (the voters as read before the change) into {@code value}; returns it. */
    static ObjectNode before(ObjectNode value, List<Integer> voters) {
        value.set(OperationFields.VOTERS_BEFORE, ids(voters));
        return value;
    }

    /** {@code {"nodes": [id], "role": "voters", "directory-id": ..., "endpoints": [...]}}. */
    static ObjectNode value(RaftVoter voter) {
        ObjectNode v = FaultRole.plain(NemesisRecorder.nodes(List.of(voter.id())), FaultRole.VOTERS);
        v.put(OperationFields.DIRECTORY_ID, voter.directoryId());
        ArrayNode e = v.putArray("endpoints");
        voter.endpoints().forEach(e::add);
        return v;
    }

    /** Waits up to {@code bound} until the quorum's voters, read back, include {@code id} or not; returns them. */
    private static List<Integer> awaitVoters(NemesisContext ctx, int id, boolean present, Duration bound) {
        return EffectWait.until("the quorum's voters " + (present ? "including " : "without ") + id, bound,
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
