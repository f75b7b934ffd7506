package io.kchaos.backend.local;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.ProcFs;
import io.kchaos.cluster.os.Signals;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pause and resume waits against a stand-in {@code /proc}: a process whose threads stop one look after another,
 * as the kernel stops them after SIGSTOP. The signals go to a capturing runner, so the real process (a sleep) is
 * never stopped.
 */
class NodeProcessesTest {
    private final List<String> signals = Collections.synchronizedList(new ArrayList<>());
    private Process sleeper;

    @BeforeEach
    void start() throws IOException {
        sleeper = new ProcessBuilder("sleep", "60").start();
    }

    @AfterEach
    void stop() {
        sleeper.destroyForcibly();
    }

    private NodeProcesses processes(ProcFs proc) {
        NodeProcesses p = new NodeProcesses(new Signals(cmd -> {
            signals.add(String.join(" ", cmd));
            return new CommandResult(0, "", "");
        }), proc, Duration.ofMillis(300));
        p.started(1, sleeper);
        return p;
    }

    /** A /proc whose process has {@code threads} threads; each look moves the stopped count by {@code step}. */
    private static ProcFs threadsChangingPerLook(int threads, AtomicInteger stoppedNow, AtomicInteger step) {
        return pid -> {
            int stopped = Math.max(0, Math.min(threads, stoppedNow.getAndAdd(step.get())));
            List<String> lines = new ArrayList<>();
            for (int t = 0; t < threads; t++) lines.add(pid + t + " (java) " + (t < stopped ? 'T' : 'S') + " 1 1 1 0");
            return lines;
        };
    }

    @Test
    void aPauseReturnsOnlyOnceTheLastThreadHasStoppedAndAResumeOnceNoneIs() {
        AtomicInteger stopped = new AtomicInteger(0);
        AtomicInteger step = new AtomicInteger(1); // SIGSTOP: one more thread stopped per look
        NodeProcesses p = processes(threadsChangingPerLook(5, stopped, step));
        p.pause(1);
        assertEquals(List.of("kill -STOP " + sleeper.pid()), signals);
        assertEquals(6, stopped.get(), "it looked until all five threads were stopped, and no more");
        assertTrue(p.isPaused(1));

        stopped.set(5);
        step.set(-1); // SIGCONT: one thread fewer stopped per look
        p.resume(1);
        assertEquals(List.of("kill -STOP " + sleeper.pid(), "kill -CONT " + sleeper.pid()), signals);
        assertEquals(-1, stopped.get(), "it looked until no thread was stopped, and no more");
        assertFalse(p.isPaused(1));
    }

    @Test
    void aPauseThatNeverStopsEveryThreadIsNotHeldAndSaysWhatWasSeen() {
        ProcFs oneThreadKeepsRunning = pid -> List.of(pid + " (java) T 1", (pid + 1) + " (java) R 1");
        NodeProcesses p = processes(oneThreadKeepsRunning);
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> p.pause(1));
        assertTrue(e.getMessage().startsWith("node 1 paused (every thread of pid " + sleeper.pid() + " stopped): not seen within"), e.getMessage());
        assertTrue(e.getMessage().endsWith("last seen: 1 of 2 threads stopped"), e.getMessage());
    }

    @Test
    void aKillReturnsOnceTheProcessHasExited() {
        NodeProcesses p = processes(pid -> List.of());
        assertTrue(p.kill(1));
        assertFalse(sleeper.isAlive(), "the real process was SIGKILLed and reaped");
        assertFalse(p.isRunning(1));
    }
}
