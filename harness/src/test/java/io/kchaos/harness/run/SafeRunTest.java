package io.kchaos.harness.run;

import io.kchaos.checker.history.OpType;
import io.kchaos.harness.cli.Main;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The foundation's end-to-end check on a real 3-node cluster: the safe default (acks=all, min.insync.replicas=2,
 * unclean election off) under kill-leader for 45 s is valid, and the history shows the faults really happened.
 */
@Tag("cluster")
class SafeRunTest {

    @Test
    void safeConfigurationUnderKillLeaderIsValid(@TempDir Path store) throws Exception {
        int exit = Main.execute("run", "--time-limit", "45", "--nemesis", "kill-leader", "--nemesis-interval", "8",
                "--fault-duration", "4", "--seed", "42", "--store", store.toString());
        RunHistories h = new RunHistories(store);
        assertEquals(0, exit, "verdict of " + h.dir + ": " + h.results);
        assertTrue(h.nemesis("kill") >= 2, "at least two leader kills: " + h.counts);
        assertTrue(h.nemesis("start") >= 2, "killed leaders restarted: " + h.counts);
        assertTrue(h.count("send", OpType.OK) >= 500, "hundreds of acknowledged sends: " + h.counts);
        assertTrue(h.count("send", OpType.FAIL) + h.count("send", OpType.INFO) > 0,
                "sends failed or became indeterminate around the kills: " + h.counts);
        assertTrue(h.count("drain", OpType.OK) >= 1, "a final drain: " + h.counts);
        assertEquals(0, h.results.path("stats").path("unseen").asLong(-1), "every acknowledged write was read: " + h.results);
        for (String f : new String[]{"run.json", "results.json", "history.jsonl", "nodes/1/server.log"}) {
            assertTrue(Files.size(h.dir.resolve(f)) > 0, f + " written");
        }
        assertTrue(Files.isDirectory(h.dir.resolve("nodes/2/data")), "data dir kept");
        String dom = ReportInBrowser.check(h.dir, "kill ");
        assertTrue(dom.contains("valid"), "the banner shows the verdict");
    }
}
