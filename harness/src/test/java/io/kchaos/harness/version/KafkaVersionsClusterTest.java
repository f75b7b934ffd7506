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
 * {@code RollingUpgradeRunTest} (3.9.1 under kill-leader, its jar set checked there), so it is not run twice. The same
 * run's workload uses a kafka-clients release other than the built-in one ({@code --client-version 3.9.1}, isolated in
 * its own class loader; this was {@code ClientRunTest}'s own run until 2026-12-07): VALID under kill-leader, and run.json
 * names the client release the loaded classes report. One request in flight, as in the other runs with kills
 * ({@code RunHistories.ONE_IN_FLIGHT}: the duplicate-window finding has its own test).
 */
@Tag("cluster")
class KafkaVersionsClusterTest {

    @ParameterizedTest
    @ValueSource(strings = {"4.3.2"})
    void runsAReleaseResolvedFromMavenCentral(String version, @TempDir Path store) throws Exception {
        assumeFalse(version.equals(BuildInfo.current().kafkaVersion()), "the bundled release is not resolved at run time");
        int exit = Main.execute("run", "--kafka-version", version, "--client-version", "3.9.1", "--time-limit", "15", "--nemesis", "kill-leader",
                "--nemesis-interval", "6", "--fault-duration", "3", "--rate", "300", "--seed", "5",
                "--producer-config", "max.in.flight.requests.per.connection=1", "--store", store.toString());
        RunSummary run = RunSummary.load(store.resolve("latest"));
        assertEquals(0, exit, "valid expected: " + run.dir() + " " + run.anomalies());
        assertEquals(version, run.kafkaVersion());
        String jars = run.run().field("kafka-jars").toString();
        assertTrue(jars.contains("kafka_2.13-" + version + ".jar") && jars.contains("kafka-clients-" + version + ".jar"), jars);
        assertTrue(jars.contains("slf4j-simple-1.7.36.jar"), "an SLF4J binding was added: " + jars);
        assertTrue(run.run().field("kafka-libs").asText().contains("kafka-" + version), run.run().field("kafka-libs").asText());
        String log = Files.readString(run.dir().resolve("nodes/1/server.log"));
        assertTrue(log.contains("Kafka version: " + version), "the broker itself reports " + version);
        assertTrue(run.sends().ok() > 100, "the workload ran, its sends acknowledged through kafka-clients 3.9.1: " + run.sends().ok());
        assertEquals("3.9.1", run.run().field("client").path("version").asText(), "run.json names the client release: " + run.run().field("client"));
        assertEquals("isolated", run.run().field("client").path("loader").asText());
    }
}
