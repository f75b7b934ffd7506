package io.kchaos.cluster.watchdog;

import java.lang.reflect.InvocationTargetException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The main class of every local broker JVM: starts a watchdog, then runs the real main class ({@code kafka.Kafka}).
 * The watchdog polls the harness process twice a second and, once it is gone (no such pid, or a pid reused by a
 * process with another start time), SIGKILLs every other process started with the same {@code -Dkchaos.harness.pid=}
 * flag — so a SIGSTOPped sibling, which cannot run its own watchdog, dies too — and halts its own broker. Only the
 * harness process's death counts, not the exit of the thread that spawned the broker (unlike a parent-death signal).
 * The stdin pipe is deliberately not used as the signal: the harness JVM was seen to close a child's pipe early.
 *
 * <p>Copied as one class file onto the broker's class path ({@link WatchdogClassPath}), so it uses the JDK only and
 * has no nested classes.
 */
public final class BrokerWatchdog {
    /** The system property every broker of a harness carries: the harness's pid. */
    public static final String HARNESS_PID_PROPERTY = "kchaos.harness.pid";
    static final long POLL_MILLIS = 500;

    private BrokerWatchdog() {
    }

    /** {@code BrokerWatchdog MAIN_CLASS ARGS...}; the harness pid comes from {@value #HARNESS_PID_PROPERTY}. */
    public static void main(String[] args) throws Throwable {
        if (args.length < 1) throw new IllegalArgumentException("usage: BrokerWatchdog MAIN_CLASS [ARGS...]");
        String pid = System.getProperty(HARNESS_PID_PROPERTY);
        if (pid != null) {
            long harness = Long.parseLong(pid);
            Optional<Instant> started = ProcessHandle.of(harness).flatMap(h -> h.info().startInstant());
            Thread t = new Thread(() -> {
                while (alive(harness, started)) sleep(POLL_MILLIS);
                harnessGone(harness);
            }, "kchaos-watchdog");
            t.setDaemon(true);
            t.start();
        }
        try {
            Class.forName(args[0]).getMethod("main", String[].class).invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Whether the harness still runs: its pid is alive and, where known, was started when it was at our start. */
    static boolean alive(long harness, Optional<Instant> started) {
        Optional<ProcessHandle> h = ProcessHandle.of(harness).filter(ProcessHandle::isAlive);
        if (h.isEmpty()) return false;
        return started.isEmpty() || h.get().info().startInstant().map(started.get()::equals).orElse(true);
    }

    private static void harnessGone(long harness) {
        System.err.println("kchaos watchdog: the harness (pid " + harness + ") is gone; halting this broker and its siblings");
        String flag = "-D" + HARNESS_PID_PROPERTY + "=" + harness;
        long self = ProcessHandle.current().pid();
        ProcessHandle.allProcesses()
                .filter(p -> p.pid() != self && p.info().commandLine().map(c -> c.contains(flag + " ")).orElse(false))
                .forEach(ProcessHandle::destroyForcibly);
        Runtime.getRuntime().halt(137);
    }

    private static void sleep(long millis) {
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
