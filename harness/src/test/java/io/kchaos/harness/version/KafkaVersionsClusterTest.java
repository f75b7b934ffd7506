package io.kchaos.harness.version;

import io.kchaos.harness.cli.Main;
import io.kchaos.harness.compare.RunSummary;
import io.kchaos.cluster.install.BuildInfo;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Brokers of other Kafka releases, resolved from Maven Central at run time (the build bundles only
 * {@code kafka.broker.version}, see {@link io.kchaos.cluster.install.BuildInfo}): a 4.3 cluster runs a short kill-leader
 * workload, and run.json records the exact version and jar set. A 3.x release resolved the same way is the start of
 * {@code RollingUpgradeRunTest} (3.9.1 under kill-leader, its jar set checked there), so it is not run twice.
 */
@Tag("cluster")
class KafkaVersionsClusterTest {

    @ParameterizedTest
    @ValueSource(strings = {"4.3.2"})
    void runsAReleaseResolvedFromMavenCentral(String version, @TempDir Path store) throws Exception {
        assumeFalse(version.equals(BuildInfo.current().kafkaVersion()), "the bundled release is not resolved at run time");
        int exit = Main.execute("run", "--kafka-version", version, "--time-limit", "15", "--nemesis", "kill-leader",
                "--nemesis-interval", "6", "--fault-duration", "3", "--rate", "300", "--seed", "5", "--store", store.toString());
        RunSummary run = RunSummary.load(store.resolve("latest"));
        assertEquals(0, exit, "valid expected: " + run.dir() + " " + run.anomalies());
        assertEquals(version, run.kafkaVersion());
        String jars = run.run().field("kafka-jars").toString();
        assertTrue(jars.contains("kafka_2.13-" + version + ".jar") && jars.contains("kafka-clients-" + version + ".jar"), jars);
        assertTrue(jars.contains("slf4j-simple-1.7.36.jar"), "an SLF4J binding was added: " + jars);
        assertTrue(run.run().field("kafka-libs").asText().contains("kafka-" + version), run.run().field("kafka-libs").asText());
        String log = Files.readString(run.dir().resolve("nodes/1/server.log"));
        assertTrue(log.contains("Kafka version: " + version), "the broker itself reports " + version);
        assertTrue(run.sends().ok() > 100, "the workload ran: " + run.sends().ok());
    }
}
