package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.Op;
import io.kchaos.harness.cli.Main;
import io.kchaos.cluster.install.BuildInfo;
import io.kchaos.cluster.version.VersionProfile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Upgrade night on a real 3-node cluster: Kafka 3.9.1 under load and kill-leader, every node rolled to the bundled
 * release ({@link BuildInfo}, {@code kafka.broker.version}) on its own data directory, the feature levels finalized
 * (share.version and streams.version too where the release has them); the run is valid, the final directories' audit is clean, the
 * history and run.json show each node's upgrade and the finalize step, and the report's plots mark the windows.
 * One run serves every test here, plus one short run whose node cannot come back in time.
 */
@Tag("cluster")
class RollingUpgradeRunTest {
    @TempDir
    static Path store;
    static int exit;
    static RunHistories run;
    static final String TO = BuildInfo.current().kafkaVersion();

    @BeforeAll
    static void runOnce() throws Exception {
        exit = Main.execute("run", "--kafka-version", "3.9.1", "--upgrade-to", TO, "--upgrade-at", "5", "--upgrade-hold", "3",
                "--time-limit", "50", "--nemesis", "kill-leader", "--nemesis-interval", "8", "--fault-duration", "4",
                "--producer-config", "delivery.timeout.ms=30000", "--producer-config", RunHistories.ONE_IN_FLIGHT, "--seed", "16", "--store", store.toString());
        run = new RunHistories(store);
    }

    @Test
    void everyNodeIsUpgradedUnderKillLeaderAndTheRunIsValid() {
        run.assertValid(exit);
        assertEquals(1, run.nemesis("rolling-upgrade"), run.counts.toString());
        assertEquals(3, run.nemesis("upgrade-node"), run.counts.toString());
        assertEquals(1, run.nemesis("finalize-features"), run.counts.toString());
        assertTrue(run.nemesis("kill") >= 1, "leaders were killed during the run: " + run.counts);
        assertEquals(0, run.results.path("stats").path("unseen").asLong(-1), "every acknowledged write was read: " + run.results);
    }

    @Test
    void theHistoryShowsEachNodesUpgradeAndTheFinalizeStep() {
        List<Op> steps = new ArrayList<>();
        HistoryFile.open(run.dir.resolve("history.jsonl")).forEach(op -> {
            if (op.isNemesis() && !op.isInvoke() && (op.f().equals("upgrade-node") || op.f().equals("finalize-features"))) steps.add(op);
        });
        Set<Integer> upgraded = new TreeSet<>();
        for (Op op : steps.subList(0, 3)) {
            assertEquals("upgrade-node", op.f());
            assertEquals(null, op.error(), "node upgraded without error: " + op.value());
            assertEquals("3.9.1", op.value().path("from").asText());
            assertEquals(TO, op.value().path("to").asText());
            upgraded.add(op.value().path("nodes").get(0).asInt());
        }
        assertEquals(Set.of(1, 2, 3), upgraded);
        Op finalize = steps.get(3);
        assertEquals("finalize-features", finalize.f());
        assertTrue(finalize.value().path("to").path("metadata.version").asInt() > finalize.value().path("from").path("metadata.version").asInt(),
                "metadata.version bumped: " + finalize.value());
    }

    @Test
    void runJsonRecordsEachNodesReleasesAndTheNodesReallyRanBoth() throws Exception {
        JsonNode upgrade = run.runJson().path("upgrade");
        assertEquals("done", upgrade.path("status").asText(), upgrade.toString());
        for (int node = 1; node <= 3; node++) {
            JsonNode versions = upgrade.path("node-versions").path(Integer.toString(node));
            assertEquals("3.9.1", versions.get(0).path("version").asText());
            assertEquals(TO, versions.get(versions.size() - 1).path("version").asText());
            String log = Files.readString(run.dir.resolve("nodes/" + node + "/server.log"));
            assertTrue(log.contains("Kafka version: 3.9.1") && log.contains("Kafka version: " + TO), "node " + node + " ran both releases");
        }
        // the starting release was resolved from Maven Central: its exact jar set, with the SLF4J binding kchaos adds
        // (KafkaVersionsClusterTest checks the same for a 4.x release)
        String jars = run.runJson().path("kafka-jars").toString();
        assertTrue(jars.contains("kafka_2.13-3.9.1.jar") && jars.contains("kafka-clients-3.9.1.jar"), jars);
        assertTrue(jars.contains("slf4j-simple-1.7.36.jar"), "an SLF4J binding was added: " + jars);
        assertTrue(run.runJson().path("kafka-libs").asText().contains("kafka-3.9.1"), run.runJson().path("kafka-libs").asText());
        assertEquals(upgrade.path("features-before").path("metadata.version").asInt(), run.runJson().path("kafka-finalized-features").path("metadata.version").asInt(-1),
                "run.json records the started cluster's feature levels: " + run.runJson().path("kafka-finalized-features"));
        JsonNode after = upgrade.path("features-after");
        assertTrue(after.path("metadata.version").asInt() > upgrade.path("features-before").path("metadata.version").asInt(), upgrade.toString());
        for (String f : VersionProfile.of(TO).finalizedFeatures()) assertTrue(after.path(f).asInt() >= 1, f + " finalized: " + upgrade);
    }

    @Test
    void theAuditOfTheFinalDirectoriesIsClean() {
        run.assertValid(exit);
        JsonNode replicas = run.results.path("stats").path("replicas");
        for (int p = 0; p < 3; p++) {
            assertTrue(replicas.path("kchaos-queue-" + p).path("batches-compared").asLong() > 0, "partition " + p + " audited: " + replicas);
        }
    }

    @Test
    void availabilityAndTheReportMarkTheUpgradeWindows() throws Exception {
        List<JsonNode> nodeSteps = new ArrayList<>();
        run.results.path("stats").path("availability").path("faults").forEach(f -> {
            if (f.path("f").asText().equals("upgrade-node")) nodeSteps.add(f);
        });
        assertEquals(3, nodeSteps.size());
        for (JsonNode s : nodeSteps) {
            assertTrue(s.path("seconds").asDouble() > 0 && s.has("acks-during") && s.has("longest-no-ok-send-during-s"), s.toString());
        }
        assertTrue(nodeSteps.stream().mapToInt(s -> s.path("acks-during").asInt()).sum() > 0,
                "writes were acknowledged while nodes were upgraded (a leader kill during a step may stop them for its length): " + nodeSteps);
        String dom = ReportInBrowser.check(run.dir, "upgrade-node 1 from=3.9.1 to=" + TO);
        assertTrue(dom.contains("finalize-features"), "the finalize step is marked");
        assertTrue(dom.contains("Rolling upgrade") && dom.contains("3.9.1 → " + TO), "the run section shows the node versions");
    }

    @Test
    void aNodeThatDoesNotComeBackInTimeEndsTheRunNamingItsLog(@TempDir Path other) {
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(err, true), "run", "--kafka-version", "3.9.1", "--upgrade-to", TO, "--upgrade-at", "2",
                "--upgrade-node-timeout", "0.5", "--time-limit", "10", "--nemesis", "none", "--store", other.toString());
        assertEquals(2, code, err.toString());
        String line = err.toString().strip();
        assertEquals(1, line.lines().count(), "one line: " + line);
        assertTrue(line.contains("node 1") && line.contains("nodes/1/server.log"), line);
    }
}
