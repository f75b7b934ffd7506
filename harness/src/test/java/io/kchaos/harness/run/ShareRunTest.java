package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.OpType;
import io.kchaos.harness.cli.Main;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The share workload (KIP-932) on the bundled 4.4.0 broker under kill-leader (share-partition leaders keep the
 * acquisition locks in memory), about 60 s: a verdict (valid in kchaos's runs; invalid would be a finding, so either passes), share
 * consumers that acquired and acknowledged records, and a share-group catch-up at the end. The lock is 5 s (the
 * brokers' lower bound for a group's lock lowered to allow it) to keep the run short.
 */
@Tag("cluster")
class ShareRunTest {
    @Test
    void shareGroupUnderKillLeaderHasAVerdictAndDeliveries(@TempDir Path store) throws Exception {
        int exit = Main.execute("run", "--store", store.toString(), "--workload", "share", "--time-limit", "12", "--seed", "3",
                "--nemesis", "kill-leader", "--nemesis-interval", "4", "--fault-duration", "5", "--rate", "300",
                "--broker-config", "group.share.min.record.lock.duration.ms=5000", "--workload-option", "lock-ms=5000",
                "--workload-option", "churn-seconds=5");
        RunHistories h = new RunHistories(store);
        assertTrue(exit == 0 || exit == 1, "a verdict (valid or invalid), not unknown, in " + h.dir + ": " + h.results);
        assertTrue(h.results.path("valid").isBoolean(), "results.json has a verdict: " + h.results);
        JsonNode share = h.results.path("stats").path("share");
        assertTrue(share.path("deliveries").asLong() > 0, "deliveries: " + share);
        assertTrue(share.path("acks").path("accept").path("ok").asLong() > 0, "accepts taken: " + share);
        assertTrue(h.count("share-catch-up", OpType.OK) + h.count("share-catch-up", OpType.INFO) == 1, "one catch-up: " + h.counts);
        assertEquals("share", h.runJson().path("workload").asText());
    }
}
