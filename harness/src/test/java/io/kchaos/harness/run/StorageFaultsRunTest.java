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
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * wipe, disk-full and corrupt-segment in one real run (seed 108 draws disk-full, wipe and corrupt-segment, in that order): each
 * fault and its heal are in the history and the report; the client checker finds nothing lost (a replaced disk
 * re-replicates, a full disk stops its broker without damage), while the replica audit reports the flipped batch on
 * each corrupted node — Kafka does not re-check bytes below the recovery point — as corrupt-batch and
 * committed-data-missing at exactly the corrupted offsets, except where a later wipe replaced that node's disk (the
 * new disk re-replicated good copies; with every corrupted disk replaced the run is valid); and nothing stays mounted.
 */
@Tag("cluster")
class StorageFaultsRunTest {

    @Test
    void wipeDiskFullAndCorruptRunToAVerdictWithTheirHeals(@TempDir Path store) throws Exception {
        assumeTrue(DataDisks.canMount(new ProcessCommandRunner()), "disk-full needs root");
        int exit = Main.execute("run", "--time-limit", "60", "--nemesis", "wipe,disk-full,corrupt-segment", "--nemesis-interval", "6",
                "--fault-duration", "3", "--seed", "108", "--broker-config", "log.roll.ms=8000", "--store", store.toString());
        RunHistories h = new RunHistories(store);
        List<Op> nemesis = new ArrayList<>();
        HistoryFile.open(h.dir.resolve("history.jsonl")).forEach((Op op) -> {
            if (op.isNemesis() && !op.isInvoke()) nemesis.add(op);
        });
        System.out.println("MEASURED storage faults: " + nemesis.stream().map(o -> o.f() + " " + o.value()).toList());
        assertTrue(h.nemesis("disk-full") >= 1 && h.nemesis("free-disk") >= 1, "disk filled and freed: " + h.counts);
        assertTrue(h.nemesis("wipe") >= 1 && h.nemesis("corrupt-segment") >= 1, "wiped and corrupted: " + h.counts);
        List<Op> corrupts = nemesis.stream().filter(o -> o.f().equals("corrupt-segment")).toList();
        assertTrue(corrupts.stream().anyMatch(c -> c.value().has("offset")), "a batch was corrupted: " + corrupts);
        assertTrue(nemesis.stream().filter(o -> o.f().equals("start")).count() >= 2, "restarts recorded: " + h.counts);
        assertEquals(0, h.anomalies("lost-write") + h.anomalies("inconsistent-offsets"), "no client-visible loss: " + h.results);

        // each corruption whose disk no later wipe replaced must be found, at its node and offset
        List<Op> surviving = corrupts.stream().filter(c -> c.value().has("offset"))
                .filter(c -> nemesis.stream().noneMatch(o -> o.f().equals("wipe") && o.index() > c.index() && node(o) == node(c)))
                .toList();
        if (surviving.isEmpty()) {
            assertEquals(0, exit, "every corrupted disk was replaced by a later wipe: " + h.results);
        } else {
            assertEquals(1, exit, "the corrupted batches are found: " + h.results);
            for (Op c : surviving) {
                long offset = c.value().path("offset").asLong();
                assertTrue(examples(h, "corrupt-batch").anyMatch(e -> e.path("node").asInt() == node(c) && e.path("offset").asLong() == offset),
                        "corrupt-batch at node " + node(c) + " offset " + offset + ": " + h.results);
                assertTrue(examples(h, "committed-data-missing").anyMatch(e -> e.path("node").asInt() == node(c)
                                && e.path("from-offset").asLong() == offset && e.path("cause").asText().equals("corrupt")),
                        "committed-data-missing (corrupt) at node " + node(c) + " offset " + offset + ": " + h.results);
            }
        }

        String report = Files.readString(h.dir.resolve("report.html"));
        assertTrue(report.contains("disk-full") && report.contains("corrupt-segment") && report.contains("wipe"), "fault windows in the report");
        long pid = ProcessHandle.current().pid();
        assertTrue(MountTable.read().stream().noneMatch(m -> DiskNames.owner(m.source()).orElse(-1L) == pid), "nothing stays mounted");
    }

    private static int node(Op nemesisOp) {
        return nemesisOp.value().path("nodes").get(0).asInt();
    }

    private static Stream<JsonNode> examples(RunHistories h, String anomaly) {
        return StreamSupport.stream(h.results.path("anomalies").path(anomaly).path("examples").spliterator(), false);
    }
}
