package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.OpType;
import io.kchaos.harness.cli.Main;
import io.kchaos.backend.local.net.NetworkSupport;
import io.kchaos.cluster.os.ProcessCommandRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The safe configuration (acks=all, min.insync.replicas=2, unclean election off) under a 45 s mix of partitions,
 * pauses and kills, each node in its own network namespace, is valid; every kind of fault really ran, each
 * completed ok (its effect was seen to hold), and the availability figures are measured from that instant.
 */
@Tag("cluster")
class MixedFaultsRunTest {

    @Test
    void safeConfigurationUnderPartitionPauseAndKillIsValid(@TempDir Path store) throws Exception {
        NetworkSupport support = NetworkSupport.probe(new ProcessCommandRunner(), true);
        assumeTrue(support.namespaces(), "network namespaces unavailable: " + support.noNamespaces());
        // The faults come in the listed order (fault-order=cycle), so a partition, a pause and a kill all run within the
        // first three draws whatever the seed and the timing; targets still come from seed 11. The producers' default
        // 30 s delivery timeout is above every fault here: with the 10 s kchaos once used, a partition longer than the
        // broker session timeout expired batches, the idempotent producer bumped its epoch and re-sequenced batches in
        // flight, and Kafka appended one record twice (seen once as a "duplicate"; docs/findings.md, KAFKA-14034).
        // The faults ~3 s apart: the run ends one interval after the kill's restart is read back.
        int exit = Main.execute("run", "--time-limit", "70", "--nemesis-option", "fault-count=3", "--nemesis", "partition,pause,kill", "--nemesis-interval", "3",
                "--fault-duration", "5", "--nemesis-option", "fault-order=cycle", "--seed", "11", "--producer-config", RunHistories.ONE_IN_FLIGHT,
                "--store", store.toString());
        RunHistories h = new RunHistories(store);
        h.assertValid(exit);
        assertTrue(h.nemesis("partition") >= 1 && h.nemesis("heal") >= 2, "partitions injected and healed: " + h.counts);
        assertTrue(h.nemesis("pause") >= 1 && h.nemesis("resume") >= 1, "pauses injected and resumed: " + h.counts);
        assertTrue(h.nemesis("kill") >= 1 && h.nemesis("start") >= 1, "kills injected and restarted: " + h.counts);
        assertTrue(h.count("send", OpType.OK) >= 100, "acknowledged sends: " + h.counts);
        assertEquals(0, h.results.path("stats").path("unseen").asLong(-1), "every acknowledged write was read: " + h.results);
        JsonNode faults = h.results.path("stats").path("availability").path("faults");
        assertTrue(faults.size() >= 3, "availability figures per fault: " + h.results.path("stats"));
        for (JsonNode f : faults) System.out.println("MEASURED availability " + f);
        // A fault's ok means its effect held (every thread of a paused JVM stopped, a killed one exited), so on this
        // machine, loaded or not, no pause, kill or their heal may complete info: that would be a fault the harness
        // asked for and could not see within its bound (EffectWait.BOUND), i.e. figures measured from a guess.
        assertEquals(List.of(), h.nemesisNotOk("pause", "resume", "kill", "start", "partition", "heal"),
                "every process and network fault and heal completed ok: " + h.nemesisCompletions);
        // and the availability checker measures each fault from the instant it held, never before it was invoked
        assertEquals(List.of(), h.availabilityFaultsNotHeld(), "every fault held, measured from its ok: " + faults);
    }
}
