package io.kchaos.checker.raft;

import io.kchaos.history.folder.QuorumSamples;

import java.util.List;

/**
 * The observations of the quorum a run's {@code quorum.jsonl} holds: each poll that found a leader announcing a high
 * watermark (polls of a new leader that has not committed in its epoch yet observe nothing).
 */
public final class PolledObservations {
    private PolledObservations() {
    }

    public static List<QuorumObservation> of(List<QuorumSamples.Sample> samples) {
        return samples.stream().filter(s -> s.highWatermark() >= 0 && s.leader() >= 0 && s.epoch() >= 0)
                .map(s -> new QuorumObservation(s.highWatermark(), s.leader(), s.epoch(), s.source())).toList();
    }
}
