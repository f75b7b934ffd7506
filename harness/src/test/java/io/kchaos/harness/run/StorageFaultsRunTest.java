package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Op;
import io.kchaos.harness.cli.Main;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.backend.local.storage.DataDisks;
import io.kchaos.backend.local.storage.DiskNames;
import io.kchaos.backend.local.storage.MountTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * disk-full, wipe and corrupt in one real run, in that order ({@code fault-order=cycle}), each healed and the cluster
 * back to a full ISR before the next ({@code recover-between}): each fault and its heal are in the history and the
 * report; the wipe waited until the controller fenced the killed broker; the client checker finds nothing lost (at
 * most one replica is ever damaged, which acks=all with min.insync.replicas=2 survives: a replaced disk re-replicates,
 * a full disk stops its broker without damage), while the replica audit reports the flipped batch on each corrupted
 * node — Kafka does not re-check bytes below the recovery point — as corrupt-batch at exactly the corrupted offsets,
 * and as committed-data-missing there when that node is in the final ISR (the audit's rule), except where a later
 * wipe replaced that node's disk; and nothing stays mounted.
 */
@Tag("cluster")
class StorageFaultsRunTest {

    @Test
    void wipeDiskFullAndCorruptRunToAVerdictWithTheirHeals(@TempDir Path store) throws Exception {
        assumeTrue(DataDisks.canMount(new ProcessCommandRunner()), "disk-full needs root");
        int exit = Main.execute("run", "--time-limit", "150", "--nemesis", "disk-full,wipe,corrupt-segment", "--nemesis-interval", "4",
                "--nemesis-option", "fault-count=3", // one cycle; 150 s is the bound for a loaded machine
                "--fault-duration", "3", "--nemesis-option", "fault-order=cycle", "--nemesis-option", "recover-between=true",
                "--seed", "108", "--broker-config", "log.roll.ms=8000", "--store", store.toString());
        RunHistories h = new RunHistories(store);
        List<Op> nemesis = new ArrayList<>();
        HistoryFile.open(h.dir.resolve("history.jsonl")).forEach((Op op) -> {
            if (op.isNemesis() && !op.isInvoke()) nemesis.add(op);
        });
        System.out.println("MEASURED storage faults: " + nemesis.stream().map(o -> o.f() + " " + o.value()).toList());
        assertTrue(h.nemesis("disk-full") >= 1 && h.nemesis("free-disk") >= 1, "disk filled and freed: " + h.counts);
        assertTrue(h.nemesis("wipe") >= 1 && h.nemesis("corrupt-segment") >= 1, "wiped and corrupted: " + h.counts);
        assertTrue(nemesis.stream().filter(o -> o.f().equals("wipe")).allMatch(o -> o.value().has("fenced-after-s")),
                "every wipe waited for the controller to fence the killed broker: " + nemesis);
        List<Op> corrupts = nemesis.stream().filter(o -> o.f().equals("corrupt-segment")).toList();
        assertTrue(corrupts.stream().anyMatch(c -> c.value().has("offset")), "a batch was corrupted: " + corrupts);
        assertTrue(nemesis.stream().filter(o -> o.f().equals("start")).count() >= 2, "restarts recorded: " + h.counts);
        assertEquals(0, h.anomalies("lost-write") + h.anomalies("inconsistent-offsets"), "no client-visible loss: " + h.results);

        // each corruption whose disk no later wipe replaced must be found, at its node and offset. The faults come in
        // the listed order and each lands on a recovered cluster (every node running and in sync), so the targets are
        // seed 108's fixed draws, whatever the timing: disk-full 1, wipe 2, corrupt-segment 1, then disk-full 1,
        // wipe 2, corrupt-segment 2, disk-full 2, wipe 3, ... No wipe ever follows a corruption on its node, so the
        // run always has a corruption to find: the check below always runs (a seed that drew otherwise would have
        // silently skipped it) and the verdict is always invalid.
        List<Op> surviving = corrupts.stream().filter(c -> c.value().has("offset"))
                .filter(c -> nemesis.stream().noneMatch(o -> o.f().equals("wipe") && o.index() > c.index() && node(o) == node(c)))
                .toList();
        assertFalse(surviving.isEmpty(), "a corruption no later wipe replaced (seed 108's draws): " + nemesis);
        assertEquals(1, exit, "the corrupted batches are found: " + h.results);
        for (Op c : surviving) {
            long offset = c.value().path("offset").asLong();
            assertTrue(examples(h, "corrupt-batch").anyMatch(e -> e.path("node").asInt() == node(c) && e.path("offset").asLong() == offset),
                    "corrupt-batch at node " + node(c) + " offset " + offset + ": " + h.results);
            if (!inFinalIsr(h, c)) continue; // the audit judges missing committed data on final-ISR replicas only
            assertTrue(examples(h, "committed-data-missing").anyMatch(e -> e.path("node").asInt() == node(c)
                            && e.path("from-offset").asLong() == offset && e.path("cause").asText().equals("corrupt")),
                    "committed-data-missing (corrupt) at node " + node(c) + " offset " + offset + ": " + h.results);
        }

        String report = Files.readString(h.dir.resolve("report.html"));
        assertTrue(report.contains("disk-full") && report.contains("corrupt-segment") && report.contains("wipe"), "fault windows in the report");
        long pid = ProcessHandle.current().pid();
        assertTrue(MountTable.read().stream().noneMatch(m -> DiskNames.owner(m.source()).orElse(-1L) == pid), "nothing stays mounted");
    }

    private static int node(Op nemesisOp) {
        return nemesisOp.value().path("nodes").get(0).asInt();
    }

    /** Whether the corrupted node is in its partition's final ISR, as the audit recorded it in stats.replicas. */
    private static boolean inFinalIsr(RunHistories h, Op corrupt) {
        JsonNode isr = h.results.path("stats").path("replicas").path(corrupt.value().path("partition").asText()).path("final-isr");
        return StreamSupport.stream(isr.spliterator(), false).anyMatch(n -> n.asInt() == node(corrupt));
    }

    private static Stream<JsonNode> examples(RunHistories h, String anomaly) {
        return StreamSupport.stream(h.results.path("anomalies").path(anomaly).path("examples").spliterator(), false);
    }
}
