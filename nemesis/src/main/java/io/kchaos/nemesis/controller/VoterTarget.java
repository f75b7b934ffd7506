package io.kchaos.nemesis.controller;

import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.cluster.QuorumState;
import io.kchaos.nemesis.cluster.RaftVoter;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** Which voter {@code voter-churn} removes ({@code --nemesis-option voter-churn-target}): one that follows, or the leader itself. */
public enum VoterTarget {
    /** A random running, unpaused voter that does not lead. */
    FOLLOWER,
    /** The active controller: KIP-853 lets a leader commit its own removal, after which it resigns. */
    LEADER;

    /** The option's word. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The target the options name; IllegalArgumentException (one line) for another word. */
    public static VoterTarget of(NemesisOptions options) {
        String word = options.choice(NemesisSettings.VOTER_CHURN_TARGET.key(),
                Arrays.stream(values()).map(VoterTarget::word).collect(Collectors.toSet()));
        return valueOf(word.toUpperCase(Locale.ROOT));
    }

    /**
     * Among {@code voters} (the quorum's, as read once for the change), the one to remove: a running, unpaused voter
     * with endpoints that leads (LEADER) or a random one that does not (FOLLOWER); none when the quorum has fewer than
     * three voters or no leader.
     */
    Optional<RaftVoter> pick(NemesisContext ctx, List<RaftVoter> voters) {
        Optional<QuorumState> quorum = ctx.quorum().state();
        if (quorum.isEmpty() || voters.size() < 3) return Optional.empty();
        List<RaftVoter> candidates = voters.stream()
                .filter(v -> (v.id() == quorum.get().leader()) == (this == LEADER) && ctx.cluster().isRunning(v.id())
                        && !ctx.cluster().isPaused(v.id()) && !v.endpoints().isEmpty())
                .toList();
        return candidates.isEmpty() ? Optional.empty() : Optional.of(ctx.pick(candidates));
    }
}
