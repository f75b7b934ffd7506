package io.kchaos.backend.local;

import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.QuorumMode;
import io.kchaos.cluster.QuorumDiagnosis;
import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.Readiness;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.nemesis.cluster.AdminQuorumView;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.NodeReturnView;
import io.kchaos.nemesis.cluster.NodeRole;
import io.kchaos.nemesis.cluster.QuorumState;
import io.kchaos.nemesis.cluster.VoterQuorumView;
import io.kchaos.nemesis.cluster.WireNodeReturns;
import io.kchaos.testkit.NodeLogTails;
import io.kchaos.testkit.ShortBrokerSession;
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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two brokers beside three dedicated controllers in a dynamic quorum (KIP-853) on the bundled release: the voters are
 * the controllers (ids 3-5) with the directory ids they were formatted with and their endpoints, {@code kraft.version}
 * is 1, the brokers alone register, and killing the active controller elects another in a higher epoch; restarted
 * nodes read back in service as a {@code start} requires, and a launched node that cannot join does not. Nothing runs
 * after close.
 */
@Tag("cluster")
class DedicatedControllersClusterTest {
    /** kchaos's defaults with a 4 s broker session: each killed broker is back once its old session expired */
    private static final Map<String, String> SETTINGS = ShortBrokerSession.with(ServerProperties.harnessDefaults(2));
    private static final Duration BACK_BOUND = Duration.ofSeconds(60);
    private static final Duration NOT_BACK_WAIT = Duration.ofSeconds(15);

    @Test
    void aDynamicQuorumOfDedicatedControllersFormsAndFailsOver(@TempDir Path dir) throws Exception {
        ClusterSpec spec = new ClusterSpec(2, KafkaDistribution.bundled(), SETTINGS, 512, Duration.ofSeconds(120),
                new QuorumSpec(3, QuorumMode.DYNAMIC));
        List<Long> pids = new ArrayList<>();
        try (LocalCluster c = new LocalCluster(spec, dir, new LoopbackHosts(), new ProcessCommandRunner())) {
            double secs = startOrExplain(c, dir);
            System.out.println("MEASURED start of 2 brokers + 3 dynamic controllers: " + secs + " s");
            assertEquals(List.of(1, 2), c.nodeIds());
            assertEquals(List.of(3, 4, 5), c.controllerIds());
            assertEquals(NodeRole.CONTROLLER, c.role(4));
            assertTrue(Files.readString(c.node(3).propertiesFile()).contains("process.roles=controller\n"));
            assertTrue(Files.readString(c.node(1).propertiesFile()).contains("process.roles=broker\n"));
            c.allNodeIds().forEach(id -> pids.add(c.pid(id).orElseThrow()));
            QuorumDiagnosis asked = QuorumDiagnosis.read(c).orElseThrow();
            assertFalse(asked.lostBootstrap(), "a started quorum has its metadata.version: " + asked);
            assertTrue(asked.clause().matches("; the quorum: leader [345] in epoch \\d+, high watermark \\d+, metadata.version level \\d+"), asked.clause());
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
                startedNodesReadBackInService(c, before.leader());
            }
        }
        for (long pid : pids) assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "close() leaves nothing running: " + pid);
    }

    /** Starts the cluster; a start that fails carries each node's last log lines (a CI machine keeps nothing else). */
    private static double startOrExplain(LocalCluster c, Path dir) {
        try {
            return c.start();
        } catch (ClusterException e) {
            throw new AssertionError(e.getMessage() + NodeLogTails.of(dir, 8), e);
        }
    }

    /**
     * What a {@code start} waits for ({@link WireNodeReturns}), on real nodes: the killed controller is back once the
     * quorum's leader reports its log end offset at the high watermark from its launch, a killed broker once it lists
     * itself live; a broker whose
     * process runs but cannot join (its meta.properties names another cluster) is never back, and is once repaired.
     */
    private static void startedNodesReadBackInService(LocalCluster c, int killedController) throws Exception {
        try (VoterQuorumView voters = new VoterQuorumView(c.controllerAddresses())) {
            WireNodeReturns returns = new WireNodeReturns(c, c.nodeAddresses(), voters, BACK_BOUND);
            NodeReturnView.Probe controller = returns.beforeStart(killedController);
            assertFalse(controller.observe().back(), "a killed controller is not back");
            c.start(killedController);
            awaitBack("controller " + killedController, controller);

            c.kill(1);
            NodeReturnView.Probe broker = returns.beforeStart(1);
            assertFalse(broker.observe().back(), "a killed broker is not back");
            c.start(1);
            awaitBack("broker 1", broker);

            c.kill(2);
            Path meta = c.node(2).dataDir().resolve("meta.properties");
            String kept = Files.readString(meta);
            Files.writeString(meta, kept.replaceAll("cluster\\.id=.*", "cluster.id=" + "AAAAAAAAAAAAAAAAAAAAAA"));
            NodeReturnView.Probe stranger = returns.beforeStart(2);
            c.start(2);
            FaultNotHeld never = assertThrows(FaultNotHeld.class, () -> EffectWait.until("broker 2 back", NOT_BACK_WAIT, stranger::observe,
                    NodeReturnView.Presence::back, NodeReturnView.Presence::seen));
            System.out.println("MEASURED a broker of another cluster id, launched, not back: " + never.getMessage());
            c.kill(2);
            Files.writeString(meta, kept);
            NodeReturnView.Probe repaired = returns.beforeStart(2);
            c.start(2);
            awaitBack("broker 2 repaired", repaired);
        }
    }

    private static void awaitBack(String what, NodeReturnView.Probe probe) {
        long t0 = System.nanoTime();
        NodeReturnView.Presence p = EffectWait.until(what + " back", BACK_BOUND, probe::observe, NodeReturnView.Presence::back,
                NodeReturnView.Presence::seen);
        System.out.printf("MEASURED %s back in service %.1f s after its launch: %s%n", what, (System.nanoTime() - t0) / 1e9, p.seen());
    }
}
