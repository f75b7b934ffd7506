package io.kchaos.nemesis.controller;

import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.QuorumState;

import java.util.List;

/**
 * The metadata quorum's voters as the voter faults aim at them: as {@code describeMetadataQuorum} reads them now (a
 * dynamic quorum's voters change: grown by voter-grow, shrunk by voter-churn), else, when the quorum does not answer,
 * the voters it started with.
 */
final class CurrentVoters {
    private CurrentVoters() {
    }

    /** The voters' node ids, in the quorum's order. */
    static List<Integer> ids(NemesisContext ctx) {
        return ctx.quorum().state().map(QuorumState::voters).filter(v -> !v.isEmpty()).orElseGet(() -> ctx.cluster().initialVoterIds());
    }
}
