package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.replica.PrunedLogDir;
import io.kchaos.history.Json;
import io.kchaos.history.folder.PrunedJson;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.harness.cli.Main;
import io.kchaos.history.Op;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JBOD brokers on the real cluster (issue 56): three brokers with two data directories each ({@code --log-dirs 2}),
 * replicas moved between a broker's directories and back under load ({@code move-log-dir}, each move read back with
 * {@code describeReplicaLogDirs}), the run VALID and the replica audit reading both directories of every broker.
 */
@Tag("cluster")
class MoveLogDirRunTest {

    @Test
    void replicasMovedBetweenABrokersDirectoriesUnderLoadLoseNothing(@TempDir Path store) throws Exception {
        int exit = Main.execute("run", "--log-dirs", "2", "--nemesis", "move-log-dir", "--time-limit", "45", "--nemesis-option", "fault-count=1", "--nemesis-interval", "5",
                "--fault-duration", "3", "--seed", "3", "--store", store.toString());
        RunHistories run = new RunHistories(store);
        assertTrue(run.nemesis("move-log-dir") >= 1 && run.nemesis("restore-log-dir") >= 1, "a move held and was moved back: " + run.nemesisCompletions);
        Op move = run.nemesisCompletions.stream().filter(o -> o.f().equals("move-log-dir") && o.isOk()).findFirst().orElseThrow();
        String from = move.value().path("from").asText();
        String to = move.value().path("to").asText();
        assertTrue(!from.isEmpty() && !to.isEmpty() && !from.equals(to), "moved between two directories of the broker: " + move);
        run.assertValid(exit);
        JsonNode audit = run.results.path("stats").path("replicas");
        assertEquals(6, audit.path("log-dirs").asInt(), "the audit read both directories of the three brokers: " + audit);
        for (int node = 1; node <= 3; node++) {
            for (int disk = 0; disk <= 1; disk++) {
                Path dir = run.dir.resolve("nodes/" + node + "/data/disk-" + disk);
                assertTrue(Files.isDirectory(dir), "broker " + node + "'s directory " + dir);
                assertTrue(PrunedLogDir.isPruned(dir), "a VALID run's directory pruned to its digest (--keep-data failing): " + dir);
            }
        }
        JsonNode pruned = Json.MAPPER.readTree(run.dir.resolve(RunFiles.PRUNED_JSON).toFile());
        assertEquals(6, pruned.path(PrunedJson.LOG_DIRS).size(), "every directory of every broker pruned: " + pruned);
    }
}
