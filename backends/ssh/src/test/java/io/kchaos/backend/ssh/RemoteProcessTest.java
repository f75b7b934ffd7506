package io.kchaos.backend.ssh;

import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RemoteProcess's faults return once the host shows their effect, and say what it showed when it never does. */
class RemoteProcessTest {
    private static final Duration SHORT = Duration.ofMillis(200);

    private static RemoteProcess on(FakeHost host) {
        return new RemoteProcess("host 2", host, "cat broker.pid", SHORT);
    }

    /** Thread 1 stops at once, thread 2 only from the third read on. */
    private static List<String> stoppingOneByOne(int read) {
        return List.of(FakeHost.stat(1, 'T'), FakeHost.stat(2, read >= 2 ? 'T' : 'R'));
    }

    @Test
    void aPauseReturnsOnceEveryThreadIsStoppedReadingTheStatLinesOnTheHost() {
        FakeHost host = new FakeHost(RemoteProcessTest::stoppingOneByOne, 0);
        on(host).pause();
        assertEquals(3, host.reads(), "two reads saw a thread still running");
        assertTrue(host.scripts.get(0).contains("kill -STOP"), host.scripts.get(0));
    }

    @Test
    void aPauseThatNeverStopsEveryThreadIsNotHeldAndSaysHowManyWere() {
        FakeHost host = new FakeHost(read -> stoppingOneByOne(0), 0);
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> on(host).pause());
        assertTrue(e.getMessage().contains("host 2: broker paused"), e.getMessage());
        assertTrue(e.getMessage().endsWith("last seen: 1 of 2 threads stopped"), e.getMessage());
    }

    @Test
    void aPausedProcessThatExitsIsNotHeld() {
        FakeHost host = new FakeHost(read -> List.of(), 0);
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> on(host).pause());
        assertTrue(e.getMessage().contains("exited"), e.getMessage());
    }

    @Test
    void aResumeReturnsOnceNoThreadIsStoppedAndOtherwiseSaysHowManyStill() {
        FakeHost slow = new FakeHost(read -> List.of(FakeHost.stat(1, read >= 1 ? 'S' : 'T'), FakeHost.stat(2, 'S')), 0);
        on(slow).resume();
        assertEquals(2, slow.reads());
        FakeHost never = new FakeHost(read -> List.of(FakeHost.stat(1, 't'), FakeHost.stat(2, 'S'), FakeHost.stat(3, 'Z')), 0);
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> on(never).resume());
        assertTrue(e.getMessage().endsWith("last seen: 1 of 2 threads stopped"), e.getMessage());
    }

    @Test
    void aKillOrStopWhoseWaitOnTheHostFailedIsNotHeldAndSaysWhatStillRuns() {
        FakeHost stuck = new FakeHost(read -> List.of(FakeHost.stat(1, 'D')), 1);
        FaultNotHeld kill = assertThrows(FaultNotHeld.class, () -> on(stuck).kill());
        assertEquals("host 2: broker gone after SIGKILL: still running (0 of 1 threads stopped)", kill.getMessage());
        FaultNotHeld stop = assertThrows(FaultNotHeld.class, () -> on(stuck).stop(Duration.ofSeconds(20)));
        assertTrue(stop.getMessage().contains("after SIGTERM, 20 s and SIGKILL: still running"), stop.getMessage());
        FakeHost gone = new FakeHost(read -> List.of(), 0);
        on(gone).kill();
        on(gone).stop(Duration.ofSeconds(20));
        on(gone).awaitGone(Duration.ofSeconds(20));
    }

    @Test
    void aProcessThatDoesNotRunIsNeitherPausedNorResumed() {
        FakeHost host = FakeHost.withoutBroker();
        on(host).pause();
        on(host).resume();
        assertEquals(0, host.reads());
    }
}
