package io.kchaos.nemesis.guard;

import io.kchaos.testkit.ThreadStates;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NodeGuardTest {
    @Test
    void aStepWaitsForAFaultOnItsNodeToBeHealed() {
        NodeGuard guard = new NodeGuard();
        guard.disturb(Set.of(2));
        assertFalse(guard.hold(2, Duration.ofMillis(100)), "node 2 is killed: the step must not take it");
        assertTrue(guard.hold(1, Duration.ofMillis(100)), "a fault on node 2 does not keep the step off node 1");
        guard.restore(2);
        assertTrue(guard.hold(2, Duration.ofMillis(100)));
    }

    @Test
    void aFaultOnAHeldNodeWaitsUntilTheStepReleasesIt() throws Exception {
        NodeGuard guard = new NodeGuard();
        assertTrue(guard.hold(3, Duration.ofSeconds(1)));
        AtomicBoolean disturbedWhileHeld = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        Thread fault = new Thread(() -> {
            guard.disturb(Set.of(3));
            disturbedWhileHeld.set(guard.isHeld(3));
            done.countDown();
        });
        fault.start();
        ThreadStates.awaitParkedIn(fault, NodeGuard.class, "disturb", Duration.ofSeconds(10));
        assertEquals(1, done.getCount(), "the kill waits while node 3 is upgraded");
        guard.release(3);
        assertTrue(done.await(5, TimeUnit.SECONDS));
        assertFalse(disturbedWhileHeld.get());
        assertTrue(guard.disturbed().contains(3));
    }

    @Test
    void aNetworkFaultKeepsStepsOffEveryNodeUntilItsKindIsHealed() {
        NodeGuard guard = new NodeGuard();
        guard.disturbNetwork("partition");
        guard.disturbNetwork("links");
        guard.restoreNetwork("partition");
        assertFalse(guard.hold(1, Duration.ofMillis(100)), "links are still slowed");
        guard.restoreNetwork("links");
        assertTrue(guard.hold(1, Duration.ofMillis(100)));
    }

    @Test
    void aHeldNodeIsNotRunningToTheFaultsSoNoneIsAimedAtIt() {
        NodeGuard guard = new NodeGuard();
        GuardedCluster cluster = new GuardedCluster(new io.kchaos.nemesis.FakeCluster(3, java.util.List.of()), guard);
        assertTrue(guard.hold(2, Duration.ofMillis(100)));
        assertFalse(cluster.isRunning(2));
        assertTrue(cluster.isRunning(1));
        guard.release(2);
        assertTrue(cluster.isRunning(2));
    }
}
