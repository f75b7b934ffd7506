package io.kchaos.backend.docker;

import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.cluster.ToxicControl;
import io.kchaos.nemesis.cluster.Traffic;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three Kafka containers behind Toxiproxy: ready through the proxies (clients and followers use the advertised proxy
 * addresses), a node isolated and rejoined, latency on client traffic. Runs only where a Toxiproxy image is present
 * locally ({@code -Dkchaos.toxiproxy.image=...}, default {@value DockerSpec#DEFAULT_TOXIPROXY_IMAGE}).
 */
@Tag("docker")
class ToxiproxyClusterTest {

    private static Admin adminOf(String bootstrap) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5000));
    }

    @Test
    void clustersBehindToxiproxyTakeIsolationAndLatency(@TempDir Path dir) throws Exception {
        String kafka = "kchaos-local/kafka:" + KafkaDistribution.bundled().version();
        String toxiproxy = System.getProperty("kchaos.toxiproxy.image", DockerSpec.DEFAULT_TOXIPROXY_IMAGE);
        DockerTestSupport.assumeImages(kafka, toxiproxy);
        Files.createDirectories(dir.resolve("nodes"));
        DockerSpec spec = new DockerSpec(3, kafka, ServerProperties.harnessDefaults(3), 512, Duration.ofSeconds(180), Optional.of(toxiproxy));
        try (ContainerCluster c = new ContainerCluster(spec, dir.resolve("nodes"))) {
            System.out.printf("cluster behind Toxiproxy ready in %.1f s%n", c.start());
            ToxicControl toxics = c.toxics().orElseThrow();
            String node1 = c.nodeAddresses().get(1);

            toxics.isolate(Set.of(1));
            try (Admin a = adminOf(node1)) {
                assertThrows(Exception.class, () -> a.describeCluster().nodes().get(6, TimeUnit.SECONDS), "node 1 unreachable");
            }
            toxics.rejoin(Set.of(1));
            try (Admin a = adminOf(node1)) {
                assertEquals(3, a.describeCluster().nodes().get(20, TimeUnit.SECONDS).size(), "reachable again");
            }

            toxics.add(Set.of(1, 2, 3), Set.of(Traffic.CLIENT), new Toxic.Latency(300, 0));
            try (Admin a = adminOf(c.bootstrapServers())) {
                a.describeCluster().nodes().get(20, TimeUnit.SECONDS);
                long t0 = System.nanoTime();
                a.describeTopics(List.of("kchaos-ready")).allTopicNames().get(20, TimeUnit.SECONDS);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms >= 500, "a request crosses the latency toxic both ways: " + ms + " ms");
            }
            toxics.healAll();
        }
        var left = DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(ContainerLabels.RUN, dir.toString())).exec();
        assertEquals(List.of(), left, "no container left");
    }
}
