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
        for (SecurityMode mode : SecurityMode.values()) assertNull(SecurityRefusal.of(config(mode), "local", "java"));
    }

    @Test
    void plaintextIsNeverRefused() {
        assertNull(SecurityRefusal.of(config(SecurityMode.PLAINTEXT), "docker", "librdkafka"));
    }

    @Test
    void whatCannotBeSecuredYetIsRefusedInOneLine() {
        assertEquals("--security tls is not yet on --backend docker (local backend only)",
                SecurityRefusal.of(config(SecurityMode.TLS), "docker", "java"));
        assertEquals("--security sasl-scram is not yet on --backend ssh (local backend only)",
                SecurityRefusal.of(config(SecurityMode.SASL_SCRAM), "ssh", "java"));
        assertEquals("--security mtls is not yet with --client librdkafka (the Java client only)",
                SecurityRefusal.of(config(SecurityMode.MTLS), "local", "librdkafka"));
        RunConfig proxied = TestRunConfig.in(dir).cluster(cluster(SecurityMode.TLS, false)).clients(new ClientConfig(Map.of(), Map.of(), true)).build();
        assertNull(SecurityRefusal.of(proxied, "local", "java"), "the kchaos proxy carries a secured run (--proxy, the protocol faults)");
        RunConfig tiered = TestRunConfig.in(dir).cluster(cluster(SecurityMode.TLS, true)).build();
        assertEquals("--security tls is not yet with --tiered (the remote log metadata manager's clients are not secured)",
                SecurityRefusal.of(tiered, "local", "java"));
        for (String workload : List.of("metadata", "queue,metadata")) {
            RunConfig metadata = TestRunConfig.in(dir).cluster(cluster(SecurityMode.SASL_PLAIN, false))
                    .load(new WorkloadConfig(workload, Map.of(), 10, 1, 1)).build();
            assertEquals("--security sasl-plain is not yet with the metadata workload (its final read asks each broker over a plain socket)",
                    SecurityRefusal.of(metadata, "local", "java"));
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
