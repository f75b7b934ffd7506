package io.kchaos.nemesis.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultRole;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The voters a quorum-wide fault aims at: a random majority of the metadata quorum's voters as read now
 * ({@link CurrentVoters}: of the dedicated controllers, in combined mode of the nodes), every voter, or the active
 * controller alone.
 *
 * @param nodes the chosen voters' node ids, in order
 * @param value the fault op's value naming them and their role
 * @param about how a person reads the choice ("a majority of the voters", ...)
 */
public record VoterChoice(List<Integer> nodes, ObjectNode value, String about) {
    /** The words of {@code --nemesis-option lying-disk-nodes}. */
    public static final List<String> WORDS = List.of("voters", "majority", "controller");

    /** The choice {@code word} names, now; empty when it names nobody (no active controller known). */
    public static Optional<VoterChoice> choose(NemesisContext ctx, String word) {
        return switch (word) {
            case "majority" -> Optional.of(majority(ctx));
            case "voters" -> Optional.of(voters(CurrentVoters.ids(ctx), "every voter"));
            case "controller" -> ActiveController.find(ctx)
                    .map(c -> new VoterChoice(List.of(c.node()), c.toJson(), "the active controller (epoch " + c.epoch() + ")"));
            default -> throw new IllegalArgumentException("lying-disk-nodes: " + word + " is none of " + WORDS);
        };
    }

    /** A random majority of the voters, running ones first (a voter already down loses nothing new by a power loss). */
    public static VoterChoice majority(NemesisContext ctx) {
        List<Integer> voters = CurrentVoters.ids(ctx);
        List<Integer> running = new ArrayList<>(voters.stream().filter(ctx.cluster()::isRunning).toList());
        List<Integer> down = new ArrayList<>(voters.stream().filter(v -> !ctx.cluster().isRunning(v)).toList());
        Collections.shuffle(running, ctx.random());
        Collections.shuffle(down, ctx.random());
        running.addAll(down);
        List<Integer> chosen = new ArrayList<>(running.subList(0, voters.size() / 2 + 1));
        Collections.sort(chosen);
        return voters(chosen, "a majority of the voters");
    }

    private static VoterChoice voters(List<Integer> nodes, String about) {
        return new VoterChoice(List.copyOf(nodes), FaultRole.plain(NemesisRecorder.nodes(nodes), FaultRole.VOTERS), about);
    }
}
