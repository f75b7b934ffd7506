package io.kchaos.backend.local;

import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.QuorumMode;
import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.Readiness;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.nemesis.cluster.AdminQuorumView;
import io.kchaos.nemesis.cluster.NodeRole;
import io.kchaos.nemesis.cluster.QuorumState;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.common.Node;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two brokers beside three dedicated controllers in a dynamic quorum (KIP-853) on the bundled release: the voters are
 * the controllers (ids 3-5) with the directory ids they were formatted with and their endpoints, {@code kraft.version}
 * is 1, the brokers alone register, and killing the active controller elects another in a higher epoch. Nothing runs
 * after close.
 */
@Tag("cluster")
class DedicatedControllersClusterTest {

    @Test
    void aDynamicQuorumOfDedicatedControllersFormsAndFailsOver(@TempDir Path dir) throws Exception {
        ClusterSpec spec = new ClusterSpec(2, KafkaDistribution.bundled(), ServerProperties.harnessDefaults(2), 512, Duration.ofSeconds(120),
                new QuorumSpec(3, QuorumMode.DYNAMIC));
        List<Long> pids = new ArrayList<>();
        try (LocalCluster c = new LocalCluster(spec, dir, new LoopbackHosts(), new ProcessCommandRunner())) {
            double secs = c.start();
            System.out.println("MEASURED start of 2 brokers + 3 dynamic controllers: " + secs + " s");
            assertEquals(List.of(1, 2), c.nodeIds());
            assertEquals(List.of(3, 4, 5), c.controllerIds());
            assertEquals(NodeRole.CONTROLLER, c.role(4));
            assertTrue(Files.readString(c.node(3).propertiesFile()).contains("process.roles=controller\n"));
            assertTrue(Files.readString(c.node(1).propertiesFile()).contains("process.roles=broker\n"));
            c.allNodeIds().forEach(id -> pids.add(c.pid(id).orElseThrow()));
            try (Admin admin = c.admin()) {
                assertEquals(List.of(1, 2), admin.describeCluster().nodes().get(10, TimeUnit.SECONDS).stream().map(Node::id).sorted().toList(),
                        "only brokers register");
                QuorumInfo q = admin.describeMetadataQuorum().quorumInfo().get(10, TimeUnit.SECONDS);
                Map<Integer, String> dirs = new TreeMap<>();
                q.voters().forEach(v -> dirs.put(v.replicaId(), v.replicaDirectoryId().toString()));
                assertEquals(new TreeMap<>(c.voters().directoryIds()), dirs, "the voters are the controllers, with the formatted directory ids");
                for (int id : c.controllerIds()) {
                    assertFalse(q.nodes().get(id).endpoints().isEmpty(), "a dynamic voter has its endpoints: " + q.nodes());
                }
                short kraft = admin.describeFeatures().featureMetadata().get(10, TimeUnit.SECONDS).finalizedFeatures().get("kraft.version").maxVersionLevel();
                assertEquals(1, kraft, "kraft.version 1: a dynamic quorum");

                AdminQuorumView view = new AdminQuorumView(admin);
                QuorumState before = view.state().orElseThrow();
                c.kill(before.leader());
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                Readiness.waitUntil(deadline, "a new active controller", () -> {
                    Optional<QuorumState> s = view.state();
                    return s.isPresent() && s.get().leader() != before.leader() && s.get().epoch() > before.epoch();
                });
                QuorumState after = view.state().orElseThrow();
                assertNotEquals(before.leader(), after.leader());
                c.start(before.leader());
            }
        }
        for (long pid : pids) assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "close() leaves nothing running: " + pid);
    }
}
