package io.kchaos.nemesis.controller;

import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;

import java.util.Set;

/**
 * What {@code voter-churn} does on its turns ({@code --nemesis-option voter-churn-moves}): removals only, or in turn a
 * removal (added back at the heal) and a following voter's metadata disk replaced, the two changes an operator makes
 * to a live dynamic quorum.
 */
public enum VoterMoves {
    /** Every turn removes a voter; the heal adds it back as it was. */
    REMOVE("remove"),
    /** Odd turns remove a voter (added back at the heal), even turns replace a follower's metadata disk ({@code voter-replace}). */
    REMOVE_REPLACE("remove-replace");

    private final String word;

    VoterMoves(String word) {
        this.word = word;
    }

    /** The option's word. */
    public String word() {
        return word;
    }

    /** Whether turn {@code turn} (0, 1, ...) replaces a disk rather than removing a voter. */
    boolean replacesOn(int turn) {
        return this == REMOVE_REPLACE && turn % 2 == 1;
    }

    /** The moves the options name; IllegalArgumentException (one line) for another word. */
    public static VoterMoves of(NemesisOptions options) {
        String w = options.choice(NemesisSettings.VOTER_CHURN_MOVES.key(), Set.of(REMOVE.word, REMOVE_REPLACE.word));
        return w.equals(REMOVE.word) ? REMOVE : REMOVE_REPLACE;
    }
}
