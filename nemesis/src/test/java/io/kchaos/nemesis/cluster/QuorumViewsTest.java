package io.kchaos.nemesis.cluster;

import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class QuorumViewsTest {
    private static final QuorumState LED_BY_5 = new QuorumState(5, 3, List.of(4, 5, 6), 120);

    @Test
    void theFirstViewThatAnswersCounts() {
        QuorumView none = Optional::empty;
        assertEquals(Optional.of(LED_BY_5), new FirstAnswerQuorumView(List.of(none, () -> Optional.of(LED_BY_5))).state());
        assertEquals(Optional.empty(), new FirstAnswerQuorumView(List.of(none, none)).state());
    }

    @Test
    void votersThatDoNotAnswerReadAsUnknown() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        try (ServerSocket silent = new ServerSocket(0); // accepts, never answers: a paused voter
             VoterQuorumView view = new VoterQuorumView(List.of("127.0.0.1:" + closed, "127.0.0.1:" + silent.getLocalPort()))) {
            assertEquals(Optional.empty(), view.state(), "a closed port and a voter that never answers: unknown, not a hang");
        }
    }
}
