package io.kchaos.backend.local;

import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaBounds;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.Readiness;
import io.kchaos.cluster.ServerProperties;

import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.testkit.ShortBrokerSession;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("cluster")
class LocalClusterTest {
    /** kchaos's defaults with a 4 s broker session: the killed broker is back once its old session expired */
    private static final Map<String, String> SETTINGS = ShortBrokerSession.with(ServerProperties.harnessDefaults(3));

    @Test
    void startsThreeNodesKillsRestartsAndLeavesNothingRunning(@TempDir Path dir) throws Exception {
        KafkaDistribution dist = KafkaDistribution.bundled();
        ClusterSpec spec = new ClusterSpec(3, dist, SETTINGS, 512, Duration.ofSeconds(90));
        long pid;
        try (LocalCluster c = new LocalCluster(spec, dir, new LoopbackHosts(), new ProcessCommandRunner())) {
            double secs = c.start();
            System.out.println("startup seconds: " + secs);
            assertTrue(Files.size(c.node(1).logFile()) > 1000, "server.log has broker output");
            pid = c.pid(2).orElseThrow();
            c.kill(2);
            assertFalse(c.isRunning(2));
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "killed process is gone");
            c.start(2);
            assertTrue(c.isRunning(2));
            try (var admin = c.admin()) {
                Readiness.awaitFullIsr(admin, Readiness.PROBE_TOPIC, System.nanoTime() + new KafkaBounds(SETTINGS).rejoin().toNanos());
                assertEquals(3, admin.describeCluster().nodes().get().size());
            }
            pid = c.pid(1).orElseThrow();
        }
        long p = pid;
        assertFalse(ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false), "close() leaves no broker running");
    }
}
