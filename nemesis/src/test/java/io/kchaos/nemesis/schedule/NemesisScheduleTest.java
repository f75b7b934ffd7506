package io.kchaos.nemesis.schedule;

import io.kchaos.history.HistoryWriter;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.Coordinated;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stopping the schedule wakes it from a sleep but lets a heal in progress finish (an interrupted heal half-heals); a
 * fault count ends it; coordinator-epoch-at holds its first fault back.
 */
class NemesisScheduleTest {
    @Test
    void aStopDuringAHealLetsTheHealFinishUninterrupted(@TempDir Path dir) throws Exception {
        CountDownLatch healing = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean finished = new AtomicBoolean();
        Nemesis slowHeal = new Nemesis() {
            @Override
            public String name() {
                return "slow-heal";
            }

            @Override
            public Fault inject(NemesisContext ctx) {
                return new Fault() {
                    @Override
                    public String description() {
                        return "slow heal";
                    }

                    @Override
                    public void heal() {
                        healing.countDown();
                        try {
                            Thread.sleep(500);
                            finished.set(true);
                        } catch (InterruptedException e) {
                            interrupted.set(true);
                        }
                    }
                };
            }
        };
        try (HistoryWriter h = new HistoryWriter(dir.resolve("h.jsonl"))) {
            FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
            NemesisSchedule s = new NemesisSchedule(List.of(slowHeal), c.context(new NemesisRecorder(h), 1),
                    Duration.ofMillis(10), Duration.ofMillis(10));
            s.start();
            assertTrue(healing.await(10, TimeUnit.SECONDS), "a heal began");
            s.stopAndHeal();
            assertFalse(interrupted.get(), "the heal in progress was not interrupted");
            assertTrue(finished.get(), "and it finished before the stop returned");
        }
    }

    /** A nemesis whose faults hold on every second injection only (the others were asked for and did not hold). */
    private static Nemesis everySecondHolds(java.util.concurrent.atomic.AtomicInteger injections, java.util.concurrent.atomic.AtomicInteger heals) {
        return new Nemesis() {
            @Override
            public String name() {
                return "every-second-holds";
            }

            @Override
            public Fault inject(NemesisContext ctx) {
                boolean holds = injections.incrementAndGet() % 2 == 0;
                return new Fault() {
                    @Override
                    public String description() {
                        return "fault " + injections.get();
                    }

                    @Override
                    public boolean held() {
                        return holds;
                    }

                    @Override
                    public void heal() {
                        heals.incrementAndGet();
                    }
                };
            }
        };
    }

    @Test
    void aFaultCountEndsTheScheduleOnceThatManyFaultsHeldAndWereHealed(@TempDir Path dir) throws Exception {
        var injections = new java.util.concurrent.atomic.AtomicInteger();
        var heals = new java.util.concurrent.atomic.AtomicInteger();
        try (HistoryWriter h = new HistoryWriter(dir.resolve("h.jsonl"))) {
            FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
            NemesisSchedule s = new NemesisSchedule(List.of(everySecondHolds(injections, heals)), c.context(new NemesisRecorder(h), 1),
                    Duration.ofMillis(10), Duration.ofMillis(10), 2);
            s.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!s.done() && System.nanoTime() < deadline) Thread.sleep(5);
            assertTrue(s.done(), "done once two faults held");
            Thread.sleep(100);
            assertEquals(4, injections.get(), "the two that did not hold are not counted, and nothing is injected after the count");
            assertEquals(4, heals.get(), "every fault healed before the schedule says done");
            assertEquals(2, s.injected());
            s.stopAndHeal();
        }
    }

    @Test
    void withoutAFaultCountTheScheduleIsNeverDone(@TempDir Path dir) throws Exception {
        var injections = new java.util.concurrent.atomic.AtomicInteger();
        try (HistoryWriter h = new HistoryWriter(dir.resolve("h.jsonl"))) {
            FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
            NemesisSchedule s = new NemesisSchedule(List.of(everySecondHolds(injections, new java.util.concurrent.atomic.AtomicInteger())),
                    c.context(new NemesisRecorder(h), 1), Duration.ofMillis(5), Duration.ofMillis(5));
            s.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (injections.get() < 10 && System.nanoTime() < deadline) Thread.sleep(5);
            assertFalse(s.done(), "the time limit alone ends it: " + injections.get() + " injections");
            s.stopAndHeal();
        }
    }

    @Test
    void aGatedScheduleInjectsNothingUntilACoordinatorReportsTheEpochThenInjectsAtOnce(@TempDir Path dir) throws Exception {
        var injections = new java.util.concurrent.atomic.AtomicInteger();
        Coordinated txn = new Coordinated(Coordinated.Kind.TRANSACTION, "kchaos-txn-0");
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).coordinating(txn, 2).producerEpoch(txn, 32_700);
        try (HistoryWriter h = new HistoryWriter(dir.resolve("h.jsonl"))) {
            NemesisSchedule s = new NemesisSchedule(List.of(everySecondHolds(injections, new java.util.concurrent.atomic.AtomicInteger())),
                    c.context(new NemesisRecorder(h), 1), Duration.ofMinutes(10), Duration.ofMillis(5), 0, 32_766);
            s.start();
            Thread.sleep(3 * EpochGate.POLL_MS);
            assertEquals(0, injections.get(), "no fault below the epoch");
            assertTrue(s.currentFault().contains("32766"), s.currentFault());
            c.producerEpoch(txn, 32_766);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (injections.get() == 0 && System.nanoTime() < deadline) Thread.sleep(5);
            assertEquals(1, injections.get(), "the first fault as the gate opens, not a 10-minute interval later");
            s.stopAndHeal();
        }
    }

    @Test
    void aStopDuringTheIntervalWakesTheScheduleAtOnce(@TempDir Path dir) throws Exception {
        try (HistoryWriter h = new HistoryWriter(dir.resolve("h.jsonl"))) {
            FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3)));
            NemesisSchedule s = new NemesisSchedule(List.of(), c.context(new NemesisRecorder(h), 1), Duration.ofMinutes(10), Duration.ofSeconds(1));
            s.start();
            Thread.sleep(100);
            long t0 = System.nanoTime();
            s.stopAndHeal();
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(30), "woken from its 10-minute interval, not waited for");
        }
    }

    @Test
    void theFinalHealRestartsAndResumesDedicatedControllersToo(@TempDir Path dir) throws Exception {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3);
        c.kill(4);
        c.pause(5);
        c.kill(2);
        try (HistoryWriter h = new HistoryWriter(dir.resolve("h.jsonl"))) {
            NemesisSchedule.finalHeal(c.context(new NemesisRecorder(h), 1));
        }
        assertTrue(c.isRunning(4) && !c.isPaused(5) && c.isRunning(2), "the killed controller restarted, the paused one resumed, the broker too");
        String history = java.nio.file.Files.readString(dir.resolve("h.jsonl"));
        assertTrue(history.contains("\"f\":\"start\"") && history.contains("\"f\":\"resume\""), history);
    }

    @Test
    void theFinalHealOfAHealthyClusterWithControllersStartsNothing(@TempDir Path dir) throws Exception {
        FakeCluster c = new FakeCluster(3, List.of(List.of(1, 2, 3))).withControllers(3);
        try (HistoryWriter h = new HistoryWriter(dir.resolve("h.jsonl"))) {
            NemesisSchedule.finalHeal(c.context(new NemesisRecorder(h), 1));
        }
        String history = java.nio.file.Files.readString(dir.resolve("h.jsonl"));
        assertFalse(history.contains("\"f\":\"start\"") || history.contains("\"f\":\"resume\""), history);
    }
}
