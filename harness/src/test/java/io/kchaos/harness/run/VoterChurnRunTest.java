package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.harness.cli.Main;
import io.kchaos.history.Op;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.RunJson;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * voter-churn removing the leader itself on a dynamic quorum (KIP-853) of three dedicated controllers beside three
 * brokers, Kafka 4.4.0, 30 s: VALID; the removed leader resigned and another led in a higher epoch; every removal and addition held once the quorum read back the new voter set; run.json's voter sets (from the
 * polls) and the Raft audit's (from the log's VotersRecords) both show a voter leaving and coming back, and the audit
 * judged each offset's majority with the set in force there. voter-replace on the same topology: a voter removed,
 * stopped, its metadata disk replaced (a new directory id), started as an observer and added with the new id, each step
 * read back, VALID. A static quorum is refused in one line, exit 2.
 */
@Tag("cluster")
class VoterChurnRunTest {

    @Test
    void leadersRemovedAndAddedBackUnderLoadKeepTheQueueValid(@TempDir Path store) throws Exception {
        // the leader itself (voter-churn-target=leader); a follower's removal and addition is voter-replace's below
        RunHistories h = validRun(store, "voter-churn", "--nemesis-option", "voter-churn-target=leader");
        assertTrue(h.nemesis("remove-voter") >= 1 && h.nemesis("add-voter") >= 1, "a voter removed and added back: " + h.counts);
        assertEquals(List.of(), h.nemesisNotOk("remove-voter", "add-voter"), "each change held, read back: " + h.nemesisCompletions);
        List<Integer> removedLeaders = new java.util.ArrayList<>();
        for (Op op : h.nemesisCompletions) {
            if (!op.f().equals("remove-voter")) continue;
            int node = op.value().path("nodes").path(0).asInt();
            assertTrue(node >= 4 && node <= 6, "a controller: " + op);
            assertTrue(!op.value().path("voters-after").toString().contains(Integer.toString(node)), "read back without it: " + op);
            removedLeaders.add(node);
        }
        ControllerTimeline timeline = ControllerTimeline.of(RunJson.read(h.dir));
        System.out.println("MEASURED controller timeline " + timeline.toJson());
        for (int i = 1; i < timeline.changes().size(); i++) {
            assertTrue(timeline.changes().get(i).epoch() > timeline.changes().get(i - 1).epoch(), timeline.toJson().toString());
        }
        assertTrue(removedLeaders.contains(timeline.changes().get(0).leader()) && timeline.leaderChanges() >= 1,
                "the first leader removed itself and another led in a higher epoch: " + removedLeaders + " " + timeline.toJson());
        JsonNode polled = h.runJson().path(RunFields.VOTER_SETS);
        System.out.println("MEASURED voter sets polled " + polled);
        assertTrue(polled.size() >= 3, "the voter set changed and came back, as polled: " + polled);
        JsonNode logged = h.results.path("stats").path("raft").path("voter-sets");
        System.out.println("MEASURED voter sets logged " + logged);
        assertTrue(logged.size() >= 3, "the log's VotersRecords: a removal and an addition at least: " + logged);
    }

    @Test
    void aVoterWhoseMetadataDiskIsReplacedIsAddedBackWithItsNewDirectoryIdAndTheQueueStaysValid(@TempDir Path store) throws Exception {
        RunHistories h = validRun(store, "voter-replace");
        List<String> steps = List.of("remove-voter", "stop", "wipe", "start", "add-voter");
        for (String f : steps) assertTrue(h.nemesis(f) >= 1, f + " at least once: " + h.counts);
        assertEquals(List.of(), h.nemesisNotOk(steps.toArray(String[]::new)), "each step held, read back: " + h.nemesisCompletions);
        for (Op op : h.nemesisCompletions) {
            JsonNode v = op.value();
            if (op.f().equals("wipe")) {
                assertEquals("metadata", v.path("scope").asText(), op.toString());
                assertNotEquals(v.path("directory-id-before").asText(), v.path("directory-id").asText(), "a new disk: " + op);
            }
            if (op.f().equals("add-voter")) {
                assertNotEquals(v.path("directory-id-before").asText(), v.path("directory-id").asText(), "added with the new disk: " + op);
                assertEquals(v.path("directory-id").asText(), v.path("directory-id-after").asText(), "read back with it: " + op);
                System.out.println("MEASURED replaced voter " + op);
            }
        }
        JsonNode polled = h.runJson().path(RunFields.VOTER_SETS);
        System.out.println("MEASURED voter sets polled " + polled);
        assertTrue(polled.size() >= 3, "the voter set lost the node and got it back, as polled: " + polled);
    }

    /** A 30 s run of {@code nemesis} on 3 brokers + 3 controllers of a dynamic quorum, asserted VALID. */
    private static RunHistories validRun(Path store, String nemesis, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--controllers", "3", "--quorum", "dynamic", "--nemesis", nemesis,
                "--time-limit", "30", "--nemesis-interval", "5", "--fault-duration", "5", "--seed", "3", "--producer-config",
                RunHistories.ONE_IN_FLIGHT, "--store", store.toString()));
        args.addAll(List.of(more));
        int exit = Main.execute(args.toArray(String[]::new));
        RunHistories h = new RunHistories(store);
        h.assertValid(exit);
        return h;
    }

    @Test
    void aStaticQuorumIsRefusedBeforeAnythingStarts(@TempDir Path store) {
        assertEquals(2, Main.execute("run", "--controllers", "3", "--nemesis", "voter-churn", "--time-limit", "10",
                "--store", store.toString()));
    }
}
