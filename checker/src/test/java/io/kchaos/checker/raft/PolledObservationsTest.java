package io.kchaos.checker.raft;

import io.kchaos.history.folder.QuorumSamples;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PolledObservationsTest {
    @Test
    void eachPollOfALeaderThatAnnouncedAHighWatermarkObservesIt() {
        List<QuorumObservation> observed = PolledObservations.of(List.of(
                new QuorumSamples.Sample(1_000_000_000L, 4, 2, 57, List.of(4, 5, 6)),
                new QuorumSamples.Sample(3_250_000_000L, 5, 3, -1, List.of(4, 5, 6)), // a new leader, nothing committed in its epoch yet
                new QuorumSamples.Sample(4_000_000_000L, 5, 3, 63, List.of(4, 5, 6))));
        assertEquals(2, observed.size(), observed.toString());
        assertEquals(57, observed.get(0).highWatermark());
        assertEquals(4, observed.get(0).leaderId());
        assertEquals(2, observed.get(0).leaderEpoch());
        assertEquals(3, observed.get(1).leaderEpoch());
        assertTrue(observed.get(1).source().contains("4.000 s"), observed.get(1).source());
    }
}
