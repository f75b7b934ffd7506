package io.kchaos.backend.docker;

import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.security.SecurityMode;
import io.kchaos.wire.NodeDialer;
import io.kchaos.wire.PublishedMetadataOffset;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three Kafka containers under {@code sasl-scram-tls} (followers dial each other's alias, clients the published ports;
 * the Toxiproxy path's certificate name is unit-tested, {@code ContainerSecurityTest}): ready with the run's client settings, refused without them, a killed node back in service and
 * asked alone logged in ({@link NodeDialer}), and no password left in the run folder once the containers are gone.
 */
@Tag("docker")
class SecuredContainerClusterTest {
    private static Admin admin(String bootstrap, Map<String, String> security) {
        Map<String, Object> c = new HashMap<>(security);
        c.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000);
        c.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 8000);
        return Admin.create(c);
    }

    @Test
    void aScramTlsClusterServesLoggedInClientsOnly(@TempDir Path dir) throws Exception {
        String kafka = "kchaos-local/kafka:" + KafkaDistribution.bundled().version();
        DockerTestSupport.assumeImages(kafka);
        Path nodes = Files.createDirectories(dir.resolve("nodes"));
        DockerSpec spec = new DockerSpec(3, kafka, ServerProperties.harnessDefaults(3), 512, Duration.ofSeconds(180), Optional.empty(),
                QuorumSpec.COMBINED, 512, SecurityMode.SASL_SCRAM_TLS);
        String password;
        try (ContainerCluster c = new ContainerCluster(spec, nodes)) {
            System.out.printf("secured cluster ready in %.1f s%n", c.start());
            Map<String, String> login = c.clientSecurity();
            password = login.get("ssl.truststore.password");
            try (Admin a = admin(c.bootstrapServers(), login)) {
                assertEquals(3, a.describeCluster().nodes().get(20, TimeUnit.SECONDS).size());
                a.createTopics(List.of(new NewTopic("secured", 3, (short) 3))).all().get(30, TimeUnit.SECONDS);
            }
            try (Admin plain = admin(c.bootstrapServers(), Map.of())) {
                assertThrows(Exception.class, () -> plain.describeCluster().nodes().get(6, TimeUnit.SECONDS), "a plaintext client is not served");
            }
            c.kill(1);
            c.start(1);
            String[] node1 = c.nodeAddresses().get(1).split(":");
            NodeDialer dialer = NodeDialer.of(login);
            long published = -1;
            for (int i = 0; i < 60 && published < 0; i++) {
                try {
                    published = PublishedMetadataOffset.read(dialer, 1, node1[0], Integer.parseInt(node1[1]), 3000);
                } catch (Exception e) {
                    Thread.sleep(1000);
                }
            }
            assertTrue(published >= 0, "the restarted node answers a logged-in request alone");
        }
        try (Stream<Path> files = Files.walk(nodes)) {
            for (Path f : files.filter(p -> p.getFileName().toString().equals("server.properties")).toList()) {
                assertFalse(Files.readString(f).contains(password), f + " is redacted");
            }
        }
        try (Stream<Path> files = Files.walk(nodes)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".p12")), "no store in the run folder");
        }
    }
}
