package io.kchaos.nemesis.coordinator;

import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.cluster.Coordinated;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** kill-coordinator, partition-coordinator and power-loss-coordinator against a fake three-node cluster whose coordinators move when hit. */
class CoordinatorNemesesTest {
    private static final Coordinated GROUP = new Coordinated(Coordinated.Kind.GROUP, "kchaos-group");

    @TempDir
    Path dir;

    /** Nodes 1-3; each target is coordinated by node 2 until node 2 is killed or cut off, then by node 3. */
    private static FakeCluster fake(List<Coordinated> targets, boolean withNetwork) {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
        if (withNetwork) c.withNetwork();
        targets.forEach(t -> c.coordinating(t, 2));
        return c;
    }

    private List<String> injectAndHeal(FaultInjector nemesis, FakeCluster c) {
        return c.injectAndHeal(nemesis, dir);
    }

    @Test
    void killCoordinatorKillsTheGroupCoordinatorAndRecordsWhereItMoved() {
        FakeCluster c = fake(List.of(GROUP), false);

        List<String> lines = injectAndHeal(new KillCoordinatorNemesis(), c);

        String kill = "{\"nodes\":[2],\"coordinator-of\":{\"group\":\"kchaos-group\"},\"role\":\"group-coordinator\"}";
        String start = "{\"nodes\":[2],\"coordinator-of\":{\"group\":\"kchaos-group\"},\"role\":\"group-coordinator\",\"coordinator-after\":3}";
        assertEquals(List.of("invoke kill " + kill, "ok kill " + kill, "invoke start " + start, "ok start " + start), lines);
        assertEquals(List.of("kill 2", "start 2"), c.calls, "heal runs once");
    }

    @Test
    void killCoordinatorAimsAtATransactionalIdsCoordinator() {
        Coordinated txn = new Coordinated(Coordinated.Kind.TRANSACTION, "kchaos-txn-0");
        List<String> lines = injectAndHeal(new KillCoordinatorNemesis(), fake(List.of(txn), false));

        assertTrue(lines.get(0).contains("\"coordinator-of\":{\"transactional-id\":\"kchaos-txn-0\"}"), lines.get(0));
    }

    @Test
    void withoutTargetsOrAKnownCoordinatorNothingIsInjected() {
        FakeCluster none = fake(List.of(), true);
        NemesisContext ctx = new NemesisContext(none, none, null, new Random(1), none);
        assertSame(Fault.NONE, new KillCoordinatorNemesis().inject(ctx));
        assertSame(Fault.NONE, new PartitionCoordinatorNemesis().inject(ctx));
        FakeCluster unknown = fake(List.of(GROUP), true);
        unknown.coordinating(GROUP, null);
        assertSame(Fault.NONE, new KillCoordinatorNemesis().inject(new NemesisContext(unknown, unknown, null, new Random(1), unknown)));
        assertTrue(none.calls.isEmpty() && unknown.calls.isEmpty());
    }

    @Test
    void partitionCoordinatorCutsItFromTheOtherNodesAndHealsExactlyThat() {
        FakeCluster c = fake(List.of(GROUP), true);

        List<String> lines = injectAndHeal(new PartitionCoordinatorNemesis(), c);

        assertEquals(List.of("partition [[2], [1, 3]]", "heal-partitions"), c.calls);
        assertEquals("invoke partition {\"coordinator-of\":{\"group\":\"kchaos-group\"},\"role\":\"group-coordinator\",\"partition\":[[2],[1,3]]}", lines.get(0));
        assertTrue(lines.get(3).startsWith("ok heal ") && lines.get(3).endsWith("\"coordinator-after\":3}"), lines.get(3));
    }

    @Test
    void partitionCoordinatorWithoutNetworkControlDoesNothing() {
        FakeCluster c = fake(List.of(GROUP), false);
        assertSame(Fault.NONE, new PartitionCoordinatorNemesis().inject(new NemesisContext(c, c, null, new Random(1), c)));
        assertTrue(c.calls.isEmpty());
    }

    @Test
    void powerLossCoordinatorCutsTheShareCoordinatorsPowerAndKeepsTheDropOnThePowerLossOp() {
        Coordinated shareGroup = new Coordinated(Coordinated.Kind.SHARE_GROUP, "kchaos-share");
        Coordinated sharePartition = new Coordinated(Coordinated.Kind.SHARE_PARTITION, "kchaos-share:kchaos-queue:1");
        FakeCluster c = fake(List.of(shareGroup), false).withStorage();
        c.coordinating(sharePartition, 3);

        List<String> lines = injectAndHeal(new PowerLossCoordinatorNemesis(false), c);

        assertEquals(List.of("cut [3]", "start 3"), c.calls, "the share-partition's coordinator, not the group's; healed once");
        String target = "{\"nodes\":[3],\"coordinator-of\":{\"share-partition\":\"kchaos-share:kchaos-queue:1\"},"
                + "\"role\":\"coordinator\",\"torn-writes\":false";
        assertEquals("invoke power-loss " + target + "}", lines.get(0));
        assertTrue(lines.get(1).startsWith("ok power-loss " + target + ",\"dropped\":{\"3\":{\"files\":1,\"bytes\":903"), lines.get(1));
        assertEquals("ok start " + target + ",\"coordinator-after\":3}", lines.get(3), "the restart names the target, not the drop");
    }

    @Test
    void powerLossCoordinatorTakesAGroupCoordinatorWhenNoSharePartitionIsATargetAndNeedsPowerControl() {
        FakeCluster c = fake(List.of(GROUP), false).withStorage();
        List<String> lines = injectAndHeal(new PowerLossCoordinatorNemesis(true), c);
        assertEquals(List.of("cut [2] torn", "start 2"), c.calls);
        assertTrue(lines.get(0).contains("\"role\":\"group-coordinator\""), lines.get(0));
        FakeCluster unpowered = fake(List.of(GROUP), false);
        assertSame(Fault.NONE, new PowerLossCoordinatorNemesis(false).inject(new NemesisContext(unpowered, unpowered, null, new Random(1), unpowered)));
        assertTrue(unpowered.calls.isEmpty());
    }

    @Test
    void registeredByNameAndPartitionNeedsTheNetwork() {
        NemesisRegistry r = NemesisRegistry.builtIn();
        assertEquals("kill-coordinator", r.parse(List.of("kill-coordinator")).get(0).name());
        assertEquals("partition-coordinator", r.parse(List.of("partition-coordinator")).get(0).name());
        assertTrue(r.namesRequiring(Capability.NETWORK).contains("partition-coordinator"));
        assertTrue(!r.namesRequiring(Capability.NETWORK).contains("kill-coordinator"));
        assertEquals("power-loss-coordinator", r.parse(List.of("power-loss-coordinator")).get(0).name());
        assertTrue(r.namesRequiring(Capability.POWER_LOSS).contains("power-loss-coordinator"));
    }
}
