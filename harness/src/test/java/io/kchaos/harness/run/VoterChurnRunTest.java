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
 * The voter set changed every way an operator changes it, in one run (issue 54: one cluster for what two did), on a
 * dynamic quorum (KIP-853) of five dedicated controllers of which three start as voters, beside three brokers, Kafka
 * 4.4.0, in turn: a voter's metadata disk replaced (removed, stopped, its metadata directory formatted again with a new
 * directory id, started as an observer and added with the new id), the leader removing itself (it resigns, another
 * leads in a higher epoch) and added back, and the quorum grown from three voters to five and shrunk back. VALID; every
 * step held once read back; run.json's voter sets (from the polls) and the Raft audit's (from the log's VotersRecords)
 * show each change, and the audit judged each offset's majority with the set in force there. A static quorum is
 * refused in one line, exit 2.
 */
@Tag("cluster")
class VoterChurnRunTest {

    @Test
    void votersReplacedRemovedAddedAndGrownUnderLoadKeepTheQueueValid(@TempDir Path store) throws Exception {
        int exit = Main.execute("run", "--controllers", "5", "--initial-voters", "3", "--quorum", "dynamic",
                "--nemesis", "voter-replace,voter-churn,voter-grow", "--nemesis-option", "fault-order=cycle",
                "--nemesis-option", "voter-churn-target=leader", "--nemesis-option", "voter-churn-moves=remove", "--time-limit", "100", "--nemesis-option", "fault-count=3", "--nemesis-interval", "2",
                "--fault-duration", "3", "--seed", "3", "--producer-config", RunHistories.ONE_IN_FLIGHT, "--store", store.toString());
        RunHistories h = new RunHistories(store);
        h.assertValid(exit);
        List<String> steps = List.of("remove-voter", "stop", "wipe", "start", "add-voter", "grow-voter", "shrink-voter");
        for (String f : steps) assertTrue(h.nemesis(f) >= 1, f + " at least once: " + h.counts);
        assertEquals(List.of(), h.nemesisNotOk(steps.toArray(String[]::new)), "each step held, read back: " + h.nemesisCompletions);

        // voter-replace: a new disk, added with it
        for (Op op : h.nemesisCompletions) {
            JsonNode v = op.value();
            if (op.f().equals("wipe")) {
                assertEquals("metadata", v.path("scope").asText(), op.toString());
                assertNotEquals(v.path("directory-id-before").asText(), v.path("directory-id").asText(), "a new disk: " + op);
            }
            if (op.f().equals("add-voter") && v.has("directory-id-before")) {
                assertNotEquals(v.path("directory-id-before").asText(), v.path("directory-id").asText(), "added with the new disk: " + op);
                assertEquals(v.path("directory-id").asText(), v.path("directory-id-after").asText(), "read back with it: " + op);
                System.out.println("MEASURED replaced voter " + op);
            }
        }

        // voter-churn with voter-churn-target=leader: the leader removed itself, another led in a higher epoch
        ControllerTimeline timeline = ControllerTimeline.of(RunJson.read(h.dir));
        System.out.println("MEASURED controller timeline " + timeline.toJson());
        List<ControllerTimeline.Change> changes = timeline.changes();
        for (int i = 1; i < changes.size(); i++) {
            assertTrue(changes.get(i).epoch() > changes.get(i - 1).epoch(), timeline.toJson().toString());
        }
        // the leader when the removal was asked (its invocation): a leader's removal completes only once the others
        // elected a new one, so at the completion the timeline already names the successor
        List<Op> all = new java.util.ArrayList<>();
        io.kchaos.history.HistoryFile.open(h.dir.resolve("history.jsonl")).forEach(all::add);
        boolean leaderRemovedItself = false;
        long askedAt = -1;
        for (Op op : all) {
            if (!op.isNemesis() || !op.f().equals("remove-voter")) continue;
            if (op.isInvoke()) {
                askedAt = op.time();
                continue;
            }
            if (!op.isOk()) continue;
            int node = op.value().path("nodes").path(0).asInt();
            assertTrue(node >= 4 && node <= 6, "one of the three starting voters: " + op);
            assertTrue(!op.value().path("voters-after").toString().contains(Integer.toString(node)), "read back without it: " + op);
            ControllerTimeline.Change then = null;
            for (ControllerTimeline.Change c : changes) if (c.timeNanos() <= askedAt) then = c;
            if (then == null || then.leader() != node) continue;
            for (ControllerTimeline.Change c : changes) {
                leaderRemovedItself |= c.timeNanos() > askedAt && c.leader() != node && c.epoch() > then.epoch();
            }
        }
        assertTrue(leaderRemovedItself, "the leader removed itself and another led in a higher epoch: " + h.nemesisCompletions
                + " " + timeline.toJson());

        // voter-grow: the two observers (7, 8) added, then removed again, each read back
        List<Integer> grown = h.nemesisCompletions.stream().filter(op -> op.f().equals("grow-voter"))
                .map(op -> op.value().path("nodes").path(0).asInt()).toList();
        assertTrue(grown.containsAll(List.of(7, 8)), "both observers added: " + grown);
        JsonNode polled = h.runJson().path(RunFields.VOTER_SETS);
        System.out.println("MEASURED voter sets polled " + polled);
        boolean five = false;
        for (JsonNode set : polled) five |= set.path("voters").toString().equals("[4,5,6,7,8]");
        assertTrue(five && polled.size() >= 5, "the voter set lost a node, got it back and grew to five, as polled: " + polled);
        assertEquals("[4,5,6]", polled.get(polled.size() - 1).path("voters").toString(), "shrunk back to the starting voters: " + polled);
        JsonNode logged = h.results.path("stats").path("raft").path("voter-sets");
        System.out.println("MEASURED voter sets logged " + logged);
        assertTrue(logged.size() >= 5, "the log's VotersRecords: removals and additions: " + logged);
    }

    @Test
    void aStaticQuorumIsRefusedBeforeAnythingStarts(@TempDir Path store) {
        assertEquals(2, Main.execute("run", "--controllers", "3", "--nemesis", "voter-churn", "--time-limit", "10",
                "--store", store.toString()));
    }
}
