package io.kchaos.harness.run;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.cluster.NodeListeners;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.secret.RedactedServerProperties;
import io.kchaos.harness.cli.CommandLineText;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.RunJson;
import io.kchaos.testkit.SecretScan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A password given as a broker, producer and consumer setting reaches no file of the run folder: run.json (settings,
 * origins, command line), results.json, the report, and each node's server.properties once the cluster has stopped.
 */
class SecretsNotWrittenTest {
    private static final String PLANTED = "PLANTED-SECRET-91f3";

    @TempDir
    Path store;

    @Test
    void aPlantedPasswordIsInNoFileOfTheRunFolder() throws IOException {
        Map<String, String> broker = Map.of("ssl.keystore.password", PLANTED, "ssl.keystore.location", "/k.jks",
                "listener.name.external.plain.sasl.jaas.config", "PlainLoginModule required password=\"" + PLANTED + "\";");
        Map<String, String> producer = Map.of("ssl.key.password", PLANTED, "acks", "all");
        Map<String, String> consumer = Map.of("sasl.jaas.config", "ScramLoginModule required password=\"" + PLANTED + "\";",
                "ssl.truststore.password", PLANTED);
        List<String> args = new ArrayList<>(List.of("run"));
        broker.forEach((k, v) -> args.addAll(List.of("--broker-config", k + "=" + v)));
        producer.forEach((k, v) -> args.add("--producer-config=" + k + "=" + v));
        consumer.forEach((k, v) -> args.addAll(List.of("--consumer-config", k + "=" + v)));
        RunConfig config = TestRunConfig.in(store).command(CommandLineText.of(args))
                .cluster(new ClusterConfig(PlantedRunFolder.NODES, null, 256, false, broker, PlantedRunFolder.TOPIC, PlantedRunFolder.PARTITIONS, (short) 3))
                .clients(new ClientConfig(producer, consumer, false))
                .origins(SettingOrigins.ofCommandLine(broker, producer, consumer)).build();
        Map<String, String> brokerSettings = new LinkedHashMap<>(ServerProperties.harnessDefaults(PlantedRunFolder.NODES));
        brokerSettings.putAll(broker);

        RunFolder folder = RunFolder.create(store, "secret");
        FinalState fin = PlantedRunFolder.write(folder);
        RunRecord record = new RunRecord(config, folder);
        record.cluster(RecordedCluster.of(brokerSettings));
        for (int n = 1; n <= PlantedRunFolder.NODES; n++) writeServerProperties(folder.files().node(n), n, brokerSettings);
        assertTrue(Files.readString(folder.files().node(1).resolve("server.properties")).contains(PLANTED), "the brokers get the real value");

        RedactedServerProperties.redactAll(folder.nodes()); // what every backend does once its brokers are gone
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        new RunEnd((history, f, s) -> new CheckResult(), folder, KeepData.ALL, new PrintStream(console, true, StandardCharsets.UTF_8))
                .finish(fin, new RunStop(), null, record);

        assertTrue(Files.exists(folder.results()) && Files.exists(folder.dir().resolve("report.html")), "the run was judged and reported");
        assertEquals(List.of(), SecretScan.filesHolding(store, PLANTED));
        assertFalse(console.toString(StandardCharsets.UTF_8).contains(PLANTED));
        RunJson run = RunJson.read(folder.dir());
        assertEquals("[redacted]", run.field(RunFields.BROKER_CONFIG).path("ssl.keystore.password").asText());
        assertEquals("/k.jks", run.field(RunFields.BROKER_CONFIG).path("ssl.keystore.location").asText(), "an ordinary setting is kept");
        assertEquals("[redacted]", run.field(RunFields.EFFECTIVE_SETTINGS).path(RunFields.Setting.PRODUCER).path("ssl.key.password")
                .path(RunFields.Setting.VALUE).asText());
        assertEquals("user", run.field(RunFields.EFFECTIVE_SETTINGS).path(RunFields.Setting.PRODUCER).path("ssl.key.password")
                .path(RunFields.Setting.FROM).asText(), "the origin stays");
        assertTrue(run.field(RunFields.COMMAND).asText().contains("--broker-config ssl.keystore.password=[redacted]"), run.field(RunFields.COMMAND).asText());
    }

    private static void writeServerProperties(Path nodeDir, int id, Map<String, String> settings) throws IOException {
        NodeListeners node = new NodeListeners(id, Map.of("PLAINTEXT", "127.0.0.1:909" + id, "CONTROLLER", "127.0.0.1:919" + id),
                Map.of("PLAINTEXT", "127.0.0.1:909" + id), "PLAINTEXT", "127.0.0.1:919" + id, List.of(nodeDir.resolve("data").toString()));
        Files.writeString(nodeDir.resolve("server.properties"), ServerProperties.render(node, List.of(node), settings));
    }
}
