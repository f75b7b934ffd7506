package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Op;
import io.kchaos.harness.cli.Main;
import io.kchaos.harness.os.ProcessCommandRunner;
import io.kchaos.harness.storage.DataDisks;
import io.kchaos.harness.storage.DiskNames;
import io.kchaos.harness.storage.MountTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * wipe, disk-full and corrupt in one real run (seed 12 draws disk-full, corrupt and wipe, in that order):
 * each fault and its heal are in the history and the report; the client checker finds nothing lost (a replaced disk
 * re-replicates, a full disk stops its broker without damage), while the replica audit reports the flipped batch on
 * the corrupted node — Kafka does not re-check bytes below the recovery point — as corrupt-batch and
 * committed-data-missing at exactly the corrupted offsets; and nothing stays mounted.
 */
@Tag("cluster")
class StorageFaultsRunTest {

    @Test
    void wipeDiskFullAndCorruptRunToAVerdictWithTheirHeals(@TempDir Path store) throws Exception {
        assumeTrue(DataDisks.canMount(new ProcessCommandRunner()), "disk-full needs root");
        int exit = Main.execute("run", "--time-limit", "60", "--nemesis", "wipe,disk-full,corrupt", "--nemesis-interval", "6",
                "--fault-duration", "3", "--seed", "12", "--broker-config", "log.roll.ms=8000", "--store", store.toString());
        RunHistories h = new RunHistories(store);
        List<Op> nemesis = new ArrayList<>();
        HistoryFile.open(h.dir.resolve("history.jsonl")).forEach((Op op) -> {
            if (op.isNemesis() && !op.isInvoke()) nemesis.add(op);
        });
        System.out.println("MEASURED storage faults: " + nemesis.stream().map(o -> o.f() + " " + o.value()).toList());
        assertTrue(h.nemesis("fill-disk") >= 1 && h.nemesis("free-disk") >= 1, "disk filled and freed: " + h.counts);
        assertTrue(h.nemesis("wipe") >= 1 && h.nemesis("corrupt-segment") >= 1, "wiped and corrupted: " + h.counts);
        Op corrupt = nemesis.stream().filter(o -> o.f().equals("corrupt-segment")).findFirst().orElseThrow();
        assertTrue(corrupt.value().has("offset"), "a batch was corrupted: " + corrupt.value());
        assertTrue(nemesis.stream().filter(o -> o.f().equals("start")).count() >= 2, "restarts recorded: " + h.counts);
        assertEquals(0, h.anomalies("lost-write") + h.anomalies("inconsistent-offsets"), "no client-visible loss: " + h.results);

        assertEquals(1, exit, "the corrupted batch is found: " + h.results);
        JsonNode damaged = h.results.path("anomalies").path("corrupt-batch").path("examples").get(0);
        int node = corrupt.value().path("nodes").get(0).asInt();
        assertEquals(node, damaged.path("node").asInt(), h.results.toString());
        assertEquals(corrupt.value().path("offset").asLong(), damaged.path("offset").asLong(), h.results.toString());
        JsonNode missing = h.results.path("anomalies").path("committed-data-missing").path("examples").get(0);
        assertEquals("corrupt", missing.path("cause").asText(), h.results.toString());
        assertEquals(corrupt.value().path("offset").asLong(), missing.path("from-offset").asLong(), h.results.toString());

        String report = Files.readString(h.dir.resolve("report.html"));
        assertTrue(report.contains("fill-disk") && report.contains("corrupt-segment") && report.contains("wipe"), "fault windows in the report");
        long pid = ProcessHandle.current().pid();
        assertTrue(MountTable.read().stream().noneMatch(m -> DiskNames.owner(m.source()).orElse(-1L) == pid), "nothing stays mounted");
    }
}
