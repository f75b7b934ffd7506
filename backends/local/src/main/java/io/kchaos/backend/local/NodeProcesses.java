package io.kchaos.backend.local;

import io.kchaos.cluster.os.ProcFs;
import io.kchaos.cluster.os.Signals;
import io.kchaos.cluster.os.ThreadStates;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The broker process of each local node and what signals do to it: kill is SIGKILL, stop is SIGTERM with a bounded
 * wait then SIGKILL, pause is SIGSTOP (and a paused process is resumed before it is stopped or killed). Each returns
 * once its effect holds (the process exited; every thread stopped; none stopped), else throws {@link FaultNotHeld}.
 */
final class NodeProcesses {
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);

    private final Signals signals;
    private final ProcFs proc;
    private final Duration effectBound;
    private final Map<Integer, Process> processes = new ConcurrentHashMap<>();
    private final Map<Integer, Boolean> paused = new ConcurrentHashMap<>();

    NodeProcesses(Signals signals, ProcFs proc) {
        this(signals, proc, EffectWait.BOUND);
    }

    /** With another bound on the pause and resume waits (a test's). */
    NodeProcesses(Signals signals, ProcFs proc, Duration effectBound) {
        this.signals = signals;
        this.proc = proc;
        this.effectBound = effectBound;
    }

    /** Node {@code id} now runs as {@code p}, not paused. */
    void started(int id, Process p) {
        processes.put(id, p);
        paused.remove(id);
    }

    /** SIGKILL, and waits for the exit even when interrupted; false when the node has no process. */
    boolean kill(int id) {
        Process p = processes.get(id);
        if (p == null) return false;
        p.destroyForcibly();
        boolean exited = waitExitUninterruptibly(p, KILL_WAIT);
        resumeIfPaused(id, p);
        if (!exited) throw new FaultNotHeld("node " + id + " (pid " + p.pid() + ") still runs " + KILL_WAIT.toSeconds() + " s after SIGKILL");
        return true;
    }

    /**
     * SIGTERM, then SIGKILL once {@code grace} has passed; empty when the node was not running, else whether it
     * exited by itself within the grace.
     */
    Optional<Boolean> stop(int id, Duration grace) {
        Process p = processes.get(id);
        if (p == null || !p.isAlive()) return Optional.empty();
        resumeIfPaused(id, p);
        p.destroy();
        boolean clean = waitExit(p, grace);
        if (!clean) {
            p.destroyForcibly();
            if (!waitExit(p, KILL_WAIT)) throw new FaultNotHeld("node " + id + " (pid " + p.pid() + ") still runs after SIGTERM, "
                    + grace.toSeconds() + " s and SIGKILL");
        }
        return Optional.of(clean);
    }

    /** SIGSTOP; returns once every thread of the process is stopped. */
    void pause(int id) {
        Process p = processes.get(id);
        if (p == null || !p.isAlive()) return;
        signals.stop(p.pid());
        paused.put(id, true);
        ThreadStates seen = EffectWait.until("node " + id + " paused (every thread of pid " + p.pid() + " stopped)", effectBound,
                () -> proc.threads(p.pid()), s -> s.allStopped() || s.gone(), ThreadStates::toString);
        if (seen.gone()) throw new FaultNotHeld("node " + id + " paused: pid " + p.pid() + " exited");
    }

    /** SIGCONT; returns once no thread of the process is stopped. */
    void resume(int id) {
        Process p = processes.get(id);
        if (p != null) resumeIfPaused(id, p);
    }

    private void resumeIfPaused(int id, Process p) {
        if (paused.remove(id) == null) return;
        signals.cont(p.pid());
        if (!p.isAlive()) return;
        EffectWait.until("node " + id + " resumed (no thread of pid " + p.pid() + " stopped)", effectBound,
                () -> proc.threads(p.pid()), ThreadStates::noneStopped, ThreadStates::toString);
    }

    boolean isRunning(int id) {
        Process p = processes.get(id);
        return p != null && p.isAlive();
    }

    boolean isPaused(int id) {
        return paused.containsKey(id);
    }

    /** Pid of the node's current process, if running. */
    Optional<Long> pid(int id) {
        Process p = processes.get(id);
        return p != null && p.isAlive() ? Optional.of(p.pid()) : Optional.empty();
    }

    /** SIGKILL to every process, best effort (the shutdown hook), then waits for them to exit. */
    void killAllQuietly() {
        for (Map.Entry<Integer, Process> e : processes.entrySet()) {
            try {
                e.getValue().destroyForcibly();
                resumeIfPaused(e.getKey(), e.getValue());
            } catch (RuntimeException ignored) {
                // best effort during shutdown
            }
        }
        for (Process p : processes.values()) waitExit(p, KILL_WAIT);
    }

    private static boolean waitExit(Process p, Duration d) {
        try {
            return p.waitFor(d.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Waits for the process to exit even when this thread is interrupted (the nemesis thread is, at the end of a run):
     * a kill must not return while the node still runs, or its restart would be skipped. Keeps the interrupt.
     */
    private static boolean waitExitUninterruptibly(Process p, Duration d) {
        boolean interrupted = Thread.interrupted();
        long deadline = System.nanoTime() + d.toNanos();
        try {
            while (true) {
                try {
                    return p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }
}
