package io.kchaos.harness.run;

import io.kchaos.backend.local.net.NetworkSupport;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.harness.cli.Main;
import io.kchaos.history.FaultRole;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.RunJson;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Three brokers beside three dedicated controllers (static quorum, the bundled release) under kill-controller and
 * partition-controller until four faults held ({@code fault-count=4}): VALID, every fault and heal ok, each aimed at the active controller (role
 * {@code controller}, never a broker), and run.json's controller timeline shows at least three failovers, each a new
 * leader in a higher epoch. Its Raft audit compares at least one snapshot per voter with the logs and takes the
 * quorum's polled high watermarks as its committed floor; run.json holds the voter set over time.
 */
@Tag("cluster")
class ControllerFaultsRunTest {

    @Test
    void killAndPartitionOfTheActiveControllerKeepTheQueueValid(@TempDir Path store) throws Exception {
        NetworkSupport support = NetworkSupport.probe(new ProcessCommandRunner(), true);
        assumeTrue(support.namespaces(), "network namespaces unavailable: " + support.noNamespaces());
        int exit = Main.execute("run", "--controllers", "3", "--nemesis", "kill-controller,partition-controller", "--time-limit", "110", "--nemesis-option", "fault-count=4",
                "--nemesis-interval", "3", "--fault-duration", "5", "--nemesis-option", "fault-order=cycle", "--seed", "37",
                "--producer-config", RunHistories.ONE_IN_FLIGHT, "--store", store.toString());
        RunHistories h = new RunHistories(store);
        h.assertValid(exit);
        assertTrue(h.nemesis("kill") >= 2 && h.nemesis("start") >= 2, "kills of the active controller, restarted: " + h.counts);
        assertTrue(h.nemesis("partition") >= 2 && h.nemesis("heal") >= 2, "partitions of the active controller, healed: " + h.counts);
        assertEquals(List.of(), h.nemesisNotOk("kill", "start", "partition", "heal"), "every fault and heal held: " + h.nemesisCompletions);
        h.nemesisCompletions.stream().filter(op -> List.of("kill", "partition").contains(op.f())).forEach(op -> {
            assertEquals(FaultRole.CONTROLLER, op.value().path(FaultRole.FIELD).asText(), "aimed at the active controller: " + op);
            int node = op.value().path("nodes").path(0).asInt();
            assertTrue(node >= 4 && node <= 6, "a controller (4-6), never a broker: " + op);
        });

        RunJson run = RunJson.read(h.dir);
        assertEquals("controller", run.field(RunJson.NODE_ROLES).path("5").asText(), run.fields().toString());
        assertEquals("broker", run.field(RunJson.NODE_ROLES).path("1").asText());
        ControllerTimeline timeline = ControllerTimeline.of(run);
        System.out.println("MEASURED controller timeline " + timeline.toJson());
        assertTrue(timeline.failovers() >= 3 && timeline.leaderChanges() >= 3,
                "at least three failovers, each a new leader in a higher epoch: " + timeline.toJson());
        for (int i = 1; i < timeline.changes().size(); i++) {
            ControllerTimeline.Change before = timeline.changes().get(i - 1);
            ControllerTimeline.Change now = timeline.changes().get(i);
            assertTrue(now.epoch() >= before.epoch(), "epochs never go back: " + timeline.toJson());
            // election safety: one leader per epoch, so another leader is always a strictly higher epoch
            if (now.leader() != before.leader()) {
                assertTrue(now.epoch() > before.epoch(), "a new leader in a higher epoch, never the same one: " + timeline.toJson());
            }
        }
        assertTrue(Files.readString(h.dir.resolve("nodes/4/server.properties")).contains("process.roles=controller"));
        // snapshots every 10 s of records (a harness default): the audit compares each voter's with the logs
        JsonNode raft = h.results.path("stats").path("raft");
        System.out.println("MEASURED raft stats " + raft);
        assertTrue(raft.path("snapshots-checked").asLong() >= 3, "at least one snapshot per voter really compared: " + raft);
        assertTrue(raft.path("committed-floor").asLong() > 0, "the quorum's polls set a committed floor: " + raft);
        assertEquals("[4,5,6]", run.field(RunFields.VOTER_SETS).path(0).path("voters").toString(), "the voter set over time: " + run.fields());
    }

    /**
     * The other two cuts around the active controller, in turn: every broker cut from it while the quorum stays whole
     * (the brokers miss their heartbeats and are fenced, and come back after the heal), then one following voter cut
     * from it. VALID, each partition held and each heal ok only once the cut-off nodes were back, and the Raft audit's
     * fencing list shows each broker fenced after its start-up unfencing and unfenced again.
     */
    @Test
    void brokersCutFromTheActiveControllerAreFencedAndComeBackAndACutVoterRejoins(@TempDir Path store) throws Exception {
        NetworkSupport support = NetworkSupport.probe(new ProcessCommandRunner(), true);
        assumeTrue(support.namespaces(), "network namespaces unavailable: " + support.noNamespaces());
        // 10 s cuts: a broker is fenced once its last heartbeat is broker.session.timeout.ms old (4 s here)
        int exit = Main.execute("run", "--controllers", "3", "--nemesis", "partition-controller-brokers,partition-controller-voter",
                "--broker-config", RunHistories.SHORT_BROKER_SESSION,
                "--time-limit", "80", "--nemesis-option", "fault-count=2", "--nemesis-interval", "3", "--fault-duration", "10", "--nemesis-option", "fault-order=cycle",
                "--seed", "41", "--producer-config", RunHistories.ONE_IN_FLIGHT, "--store", store.toString());
        RunHistories h = new RunHistories(store);
        h.assertValid(exit);
        assertEquals(List.of(), h.nemesisNotOk("partition", "heal"), "every cut held and every heal found the cut-off nodes back: " + h.nemesisCompletions);
        List<JsonNode> cuts = h.nemesisCompletions.stream().filter(op -> op.f().equals("partition")).map(op -> op.value()).toList();
        assertTrue(cuts.size() >= 2, "both cuts: " + cuts);
        assertEquals("controller-brokers", cuts.get(0).path("topology").asText(), cuts.toString());
        assertEquals("[1,2,3]", cuts.get(0).path("cut-off").toString(), "every broker cut off: " + cuts.get(0));
        assertEquals(3, cuts.get(0).path("cut").size(), "only the links between the brokers and the active controller: " + cuts.get(0));
        assertEquals("controller-voter", cuts.get(1).path("topology").asText(), cuts.toString());
        int voter = cuts.get(1).path("cut-off").path(0).asInt();
        assertTrue(voter >= 4 && voter != cuts.get(1).path("nodes").path(0).asInt(), "a following voter: " + cuts.get(1));
        assertEquals(1, cuts.get(1).path("cut").size(), "only the link between the voter and the active controller: " + cuts.get(1));

        JsonNode fencing = h.results.path("stats").path("raft").path("broker-fencing");
        System.out.println("MEASURED broker fencing " + fencing);
        System.out.println("MEASURED controller timeline " + ControllerTimeline.of(RunJson.read(h.dir)).toJson());
        h.nemesisCompletions.forEach(op -> System.out.printf("MEASURED nemesis %.2f s %s %s %s%n", op.time() / 1e9, op.type().wire(), op.f(), op.value()));
        for (int broker = 1; broker <= 3; broker++) {
            List<String> changes = new java.util.ArrayList<>();
            for (JsonNode f : fencing) if (f.path("broker").asInt() == broker) changes.add(f.path("change").asText());
            int unfencedAtStart = changes.indexOf("unfenced");
            List<String> after = changes.subList(unfencedAtStart + 1, changes.size());
            int fenced = after.indexOf("fenced");
            assertTrue(unfencedAtStart >= 0 && fenced >= 0, "broker " + broker + " fenced after its start-up unfencing: " + changes);
            assertTrue(after.subList(fenced, after.size()).contains("unfenced"), "broker " + broker + " unfenced again after the heal: " + changes);
        }
    }
}
