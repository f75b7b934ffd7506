package io.kchaos.harness.run;

import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.security.SecurityMode;
import io.kchaos.history.folder.RunJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where {@code --security} is refused in one line, and what run.json records of it. */
class SecurityRefusalTest {
    @TempDir
    Path dir;

    private static ClusterConfig cluster(SecurityMode mode, boolean tiered) {
        return new ClusterConfig(3, null, 256, false, Map.of(), "t", 1, (short) 1, QuorumSpec.COMBINED, 1, tiered, mode);
    }

    private RunConfig config(SecurityMode mode) {
        return TestRunConfig.in(dir).cluster(cluster(mode, false)).build();
    }

    @Test
    void aSecuredLocalRunOfTheJavaClientsIsNotRefused() {
        for (SecurityMode mode : SecurityMode.values()) assertNull(SecurityRefusal.of(config(mode), "local"));
    }

    @Test
    void plaintextIsNeverRefused() {
        assertNull(SecurityRefusal.of(config(SecurityMode.PLAINTEXT), "docker"));
    }

    @Test
    void scramWithALibrdkafkaBefore261IsRefusedOnKafka4Only() {
        assertEquals("--security sasl-scram-tls with --client librdkafka 2.0.2 cannot log in to Kafka 4.4.0: librdkafka before 2.6.1 "
                + "repeats the client nonce in its SCRAM final message, which Kafka 4.x rejects (confluentinc/librdkafka#4895); use tls, "
                + "mtls or sasl-plain, a newer librdkafka, or Kafka 3.x", SecurityRefusal.scramOfLibrdkafka(SecurityMode.SASL_SCRAM_TLS, "2.0.2", "4.4.0"));
        assertNull(SecurityRefusal.scramOfLibrdkafka(SecurityMode.SASL_SCRAM, "2.0.2", "3.9.1"), "Kafka 3.x takes it");
        assertNull(SecurityRefusal.scramOfLibrdkafka(SecurityMode.SASL_SCRAM, "2.6.1", "4.4.0"), "fixed in 2.6.1");
        for (SecurityMode mode : List.of(SecurityMode.TLS, SecurityMode.MTLS, SecurityMode.SASL_PLAIN)) {
            assertNull(SecurityRefusal.scramOfLibrdkafka(mode, "2.0.2", "4.4.0"), "no SCRAM: " + mode);
        }
        assertTrue(SecurityRefusal.releaseBefore("2.6.0", 2, 6, 1) && !SecurityRefusal.releaseBefore("2.10.0", 2, 6, 1)
                && SecurityRefusal.releaseBefore("unknown", 2, 6, 1));
    }

    @Test
    void whatCannotBeSecuredYetIsRefusedInOneLine() {
        assertEquals("--security tls is not yet on --backend k8s (local, ssh, docker backends)", SecurityRefusal.of(config(SecurityMode.TLS), "k8s"));
        assertNull(SecurityRefusal.of(config(SecurityMode.SASL_SCRAM), "ssh"), "a cluster deployed over SSH is secured");
        for (SecurityMode mode : SecurityMode.values()) assertNull(SecurityRefusal.of(config(mode), "docker"), "containers are secured: " + mode);

        RunConfig proxied = TestRunConfig.in(dir).cluster(cluster(SecurityMode.TLS, false)).clients(new ClientConfig(Map.of(), Map.of(), true)).build();
        assertNull(SecurityRefusal.of(proxied, "local"), "the kchaos proxy carries a secured run (--proxy, the protocol faults)");
        RunConfig tiered = TestRunConfig.in(dir).cluster(cluster(SecurityMode.TLS, true)).build();
        assertEquals("--security tls is not yet with --tiered (the remote log metadata manager's clients are not secured)",
                SecurityRefusal.of(tiered, "local"));
    }

    @Test
    void theMetadataWorkloadRunsSecuredItsFinalReadLogsIn() {
        for (String workload : List.of("metadata", "queue,metadata")) {
            for (SecurityMode mode : SecurityMode.values()) {
                RunConfig metadata = TestRunConfig.in(dir).cluster(cluster(mode, false)).load(new WorkloadConfig(workload, Map.of(), 10, 1, 1)).build();
                assertNull(SecurityRefusal.of(metadata, "local"), workload + " " + mode);
                assertNull(SecurityRefusal.of(metadata, "ssh"), workload + " " + mode);
            }
            RunConfig existing = TestRunConfig.in(dir).cluster(cluster(SecurityMode.PLAINTEXT, false))
                    .load(new WorkloadConfig(workload, Map.of(), 10, 1, 1)).build();
            for (String protocol : List.of("SASL_PLAINTEXT", "SASL_SSL", "SSL")) {
                assertNull(SecurityRefusal.ofClientLogin(Map.of("security.protocol", protocol), existing, List.of()),
                        "an existing cluster's login serves the final read too: " + protocol);
            }
        }
    }

    @Test
    void runJsonRecordsTheModeAndNoSecret() throws Exception {
        RunFolder folder = RunFolder.create(dir, "t");
        new RunRecord(TestRunConfig.in(dir).cluster(cluster(SecurityMode.SASL_SCRAM_TLS, false)).build(), folder).write();
        assertEquals("sasl-scram-tls", RunJson.read(folder.dir()).field("security").asText());
        String json = Files.readString(folder.dir().resolve("run.json"));
        assertFalse(json.contains("password=") || json.contains("ssl.truststore.location"), json);
    }
}
