package io.kchaos.backend.local;

import io.kchaos.cluster.os.Signals;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The broker process of each local node and what signals do to it: kill is SIGKILL, stop is SIGTERM with a bounded
 * wait then SIGKILL, pause is SIGSTOP (and a paused process is resumed before it is stopped or killed).
 */
final class NodeProcesses {
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);

    private final Signals signals;
    private final Map<Integer, Process> processes = new ConcurrentHashMap<>();
    private final Map<Integer, Boolean> paused = new ConcurrentHashMap<>();

    NodeProcesses(Signals signals) {
        this.signals = signals;
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
        waitExitUninterruptibly(p, KILL_WAIT);
        resumeIfPaused(id, p);
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
            waitExit(p, KILL_WAIT);
        }
        return Optional.of(clean);
    }

    void pause(int id) {
        Process p = processes.get(id);
        if (p == null || !p.isAlive()) return;
        signals.stop(p.pid());
        paused.put(id, true);
    }

    void resume(int id) {
        Process p = processes.get(id);
        if (p != null) resumeIfPaused(id, p);
    }

    private void resumeIfPaused(int id, Process p) {
        if (paused.remove(id) != null) signals.cont(p.pid());
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
