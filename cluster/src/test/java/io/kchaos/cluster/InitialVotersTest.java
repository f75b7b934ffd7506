package io.kchaos.cluster;

import io.kchaos.nemesis.cluster.NodeRole;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --initial-voters}: a dynamic quorum of five controllers that starts with three voters, and the starts Kafka cannot make. */
class InitialVotersTest {
    private static NodeListeners node(int id) {
        return new NodeListeners(id, Map.of("CONTROLLER", "10.0.0." + id + ":9093"), Map.of(), "PLAINTEXT", "10.0.0." + id + ":9093",
                List.of("/data/" + id));
    }

    private static final List<NodeListeners> FIVE = List.of(node(4), node(5), node(6), node(7), node(8));

    @Test
    void theFirstKControllersAreFormattedAsTheInitialVotersTheOthersAsObservers() {
        QuorumVoters q = QuorumVoters.of(FIVE, QuorumMode.DYNAMIC, 3);
        List<String> voter = q.formatArgs(4, NodeRole.CONTROLLER);
        assertEquals("--initial-controllers", voter.get(0));
        assertEquals(List.of("4@10.0.0.4", "5@10.0.0.5", "6@10.0.0.6"),
                List.of(voter.get(1).split(",")).stream().map(e -> e.split(":")[0]).toList(), "names the three initial voters only");
        assertEquals(voter, q.formatArgs(6, NodeRole.CONTROLLER), "every initial voter formatted alike");
        assertEquals(List.of("--no-initial-controllers"), q.formatArgs(7, NodeRole.CONTROLLER), "starts as an observer");
        assertEquals(List.of("--no-initial-controllers"), q.formatArgs(8, NodeRole.CONTROLLER));
        assertEquals(List.of("--no-initial-controllers"), q.formatArgs(1, NodeRole.BROKER));
        assertEquals(Map.of("controller.quorum.bootstrap.servers", "10.0.0.4:9093,10.0.0.5:9093,10.0.0.6:9093"), q.settings(),
                "every node finds the quorum through the initial voters");
        assertEquals(List.of(4, 5, 6, 7, 8), q.controllers().stream().map(NodeListeners::id).toList(), "the quorum asked at every controller");
        assertEquals(3, q.directoryIds().size(), "directory ids for the voters only: an observer's own format picks its");
    }

    @Test
    void byDefaultEveryControllerIsAVoter() {
        QuorumSpec spec = QuorumSpec.of(5, QuorumMode.DYNAMIC, null);
        assertEquals(5, spec.initialVoters());
        assertFalse(spec.startsSmaller());
        assertTrue(QuorumSpec.of(5, QuorumMode.DYNAMIC, 3).startsSmaller());
        assertEquals(0, QuorumSpec.of(0, QuorumMode.STATIC, null).initialVoters(), "combined mode");
        assertEquals(5, QuorumSpec.of(5, QuorumMode.STATIC, 5).initialVoters(), "every controller, said outright, in any mode");
        assertTrue(QuorumVoters.of(FIVE, QuorumMode.DYNAMIC).observers().isEmpty());
    }

    @Test
    void eachStartKafkaCannotMakeIsOneLine() {
        assertEquals("--initial-voters must be >= 1", refusal(5, QuorumMode.DYNAMIC, 0));
        assertEquals("--initial-voters must be >= 1", refusal(5, QuorumMode.DYNAMIC, -1));
        assertEquals("--initial-voters 6 is more than --controllers 5: a voter is a controller", refusal(5, QuorumMode.DYNAMIC, 6));
        assertEquals("--initial-voters 3 below --controllers 5 needs --quorum dynamic: a static quorum's voters are every controller, for good",
                refusal(5, QuorumMode.STATIC, 3));
        assertEquals("--initial-voters needs dedicated controllers (--controllers N) in a dynamic quorum (--quorum dynamic)",
                refusal(0, QuorumMode.DYNAMIC, 3));
        assertEquals("--initial-voters must be >= 1", refusal(0, QuorumMode.STATIC, 0));
    }

    private static String refusal(int controllers, QuorumMode mode, int initialVoters) {
        return assertThrows(IllegalArgumentException.class, () -> QuorumSpec.of(controllers, mode, initialVoters)).getMessage();
    }
}
