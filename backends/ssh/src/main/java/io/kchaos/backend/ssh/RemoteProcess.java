package io.kchaos.backend.ssh;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.ThreadStates;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;

import java.time.Duration;
import java.util.List;

/**
 * A broker process on a host, found by a shell expression that prints its pid: signals it (kill, stop, pause,
 * resume) and tells whether it runs. A zombie counts as gone. Each fault returns once its effect is read back from the
 * host (the process gone; every thread stopped, as {@code /proc/PID/task/*}{@code /stat} says; none stopped), else
 * throws {@link FaultNotHeld} with what was seen. Every wait is bounded; the exit waits happen on the host.
 */
final class RemoteProcess {
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);

    private final String label;
    private final HostScripts shell;
    private final String pidExpression;
    private final Duration bound;

    /** @param label the host, for messages ("host 2 (root@10.0.0.2:22)") */
    RemoteProcess(String label, HostScripts shell, String pidExpression) {
        this(label, shell, pidExpression, EffectWait.BOUND);
    }

    /** With {@code bound} for the pause and resume read-backs instead of {@link EffectWait#BOUND} (tests). */
    RemoteProcess(String label, HostScripts shell, String pidExpression, Duration bound) {
        this.label = label;
        this.shell = shell;
        this.pidExpression = pidExpression;
        this.bound = bound;
    }

    /** Shell snippet: sets {@code p} to the pid, then runs {@code then} (p is empty when there is none). */
    private String withPid(String then) {
        return "p=$(" + pidExpression + ") 2>/dev/null; p=$(echo \"$p\" | tr -dc 0-9); " + then;
    }

    /** Shell condition: {@code $p} names a live, non-zombie process. */
    private static final String ALIVE = "{ [ -n \"$p\" ] && s=$(ps -o stat= -p \"$p\") && [ \"${s#Z}\" = \"$s\" ]; }";

    /** What a signal script prints when it sent the signal to a live process. */
    private static final String SENT = "sent";

    /** A script that runs {@code alive} while the process lives (not a zombie), else {@code gone}: a look and its answer in one command. */
    String ifAlive(String alive, String gone) {
        return withPid("if " + ALIVE + "; then " + alive + "; else " + gone + "; fi");
    }

    boolean running() {
        return shell.exec(withPid(ALIVE)).ok();
    }

    /** The pid, or -1 when the process does not run. */
    long pid() {
        String out = shell.exec(withPid(ALIVE + " && echo \"$p\"")).stdout().trim();
        return out.matches("\\d+") ? Long.parseLong(out) : -1;
    }

    /** Sends the signal to the live process; false when there was none. */
    boolean signal(String signal) {
        return shell.exec(withPid(ALIVE + " && kill -" + signal + " \"$p\" && echo " + SENT)).stdout().contains(SENT);
    }

    /**
     * The states of the process's threads, from one remote command that prints their stat lines (gone when there is no
     * process). Throws {@link IllegalStateException} when the command itself failed (the host could not be asked).
     */
    ThreadStates threads() {
        CommandResult r = shell.exec(withPid("[ -n \"$p\" ] && cat /proc/\"$p\"/task/*/stat 2>/dev/null; exit 0"));
        if (!r.ok()) throw new IllegalStateException(label + ": cannot read the broker's threads (exit " + r.exitCode() + "): " + r.stderr().strip());
        List<String> lines = r.stdout().lines().filter(l -> !l.isBlank()).toList();
        return ThreadStates.of(lines);
    }

    /** SIGSTOP; returns once every thread of the process is stopped (nothing to do when it does not run). */
    void pause() {
        if (!signal("STOP")) return;
        ThreadStates seen = EffectWait.until(label + ": broker paused (every thread stopped)", bound, this::threads,
                s -> s.allStopped() || s.gone(), ThreadStates::toString);
        if (seen.gone()) throw new FaultNotHeld(label + ": broker paused: its process exited");
    }

    /** SIGCONT; returns once no thread of the process is stopped (nothing to do when it does not run). */
    void resume() {
        if (!signal("CONT")) return;
        EffectWait.until(label + ": broker resumed (no thread stopped)", bound, this::threads, ThreadStates::noneStopped,
                ThreadStates::toString);
    }

    /** SIGKILL, and waits on the host (up to 10 s) until it is gone. */
    void kill() {
        expectGone("SIGKILL", shell.exec(withPid(ALIVE + " && kill -CONT \"$p\"; " + ALIVE + " && kill -KILL \"$p\"; "
                + waitGone(KILL_WAIT))));
    }

    /** SIGCONT (a paused process cannot stop), SIGTERM, a bounded wait, then SIGKILL; returns once it is gone. */
    void stop(Duration grace) {
        expectGone("SIGTERM, " + grace.toSeconds() + " s and SIGKILL", shell.exec(withPid(ALIVE + " || exit 0; kill -CONT \"$p\"; kill -TERM \"$p\"; "
                + waitGone(grace) + " || { kill -KILL \"$p\"; " + waitGone(KILL_WAIT) + "; }")));
    }

    /** Waits until the process is gone (after a stop command); SIGKILL after the grace. */
    void awaitGone(Duration grace) {
        expectGone("its stop command, " + grace.toSeconds() + " s and SIGKILL", shell.exec(withPid(waitGone(grace)
                + " || { kill -KILL \"$p\"; " + waitGone(KILL_WAIT) + "; }")));
    }

    /** The host's wait ended with the exit status of its last "is it gone" test: anything but 0 means the fault did not hold. */
    private void expectGone(String after, CommandResult wait) {
        if (wait.ok()) return;
        String seen = wait.exitCode() == 1 ? "still running (" + threadsQuietly() + ")"
                : "the wait on the host failed (exit " + wait.exitCode() + ": " + wait.stderr().strip() + ")";
        throw new FaultNotHeld(label + ": broker gone after " + after + ": " + seen);
    }

    private String threadsQuietly() {
        try {
            return threads().toString();
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }

    /** Shell snippet: polls every 0.1 s until {@code $p} is gone; false when it is still there after the wait. */
    private static String waitGone(Duration d) {
        long tries = Math.max(1, d.toMillis() / 100);
        return "{ i=0; while " + ALIVE + "; do i=$((i+1)); [ $i -gt " + tries + " ] && break; sleep 0.1; done; ! " + ALIVE + "; }";
    }
}
