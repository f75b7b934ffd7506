package io.kchaos.backend.ssh;

import java.time.Duration;

/**
 * A broker process on a host, found by a shell expression that prints its pid: signals it (kill, stop, pause,
 * resume) and tells whether it runs. A zombie counts as gone. Every wait is bounded and happens on the host.
 */
final class RemoteProcess {
    private final RemoteShell shell;
    private final String pidExpression;

    RemoteProcess(RemoteShell shell, String pidExpression) {
        this.shell = shell;
        this.pidExpression = pidExpression;
    }

    /** Shell snippet: sets {@code p} to the pid, then runs {@code then} (p is empty when there is none). */
    private String withPid(String then) {
        return "p=$(" + pidExpression + ") 2>/dev/null; p=$(echo \"$p\" | tr -dc 0-9); " + then;
    }

    /** Shell condition: {@code $p} names a live, non-zombie process. */
    private static final String ALIVE = "{ [ -n \"$p\" ] && s=$(ps -o stat= -p \"$p\") && [ \"${s#Z}\" = \"$s\" ]; }";

    boolean running() {
        return shell.exec(withPid(ALIVE)).ok();
    }

    /** The pid, or -1 when the process does not run. */
    long pid() {
        String out = shell.exec(withPid(ALIVE + " && echo \"$p\"")).stdout().trim();
        return out.matches("\\d+") ? Long.parseLong(out) : -1;
    }

    void signal(String signal) {
        shell.exec(withPid(ALIVE + " && kill -" + signal + " \"$p\""));
    }

    /** SIGKILL, and wait (up to 10 s) until it is gone. */
    void kill() {
        shell.exec(withPid(ALIVE + " && kill -CONT \"$p\"; " + ALIVE + " && kill -KILL \"$p\"; " + waitGone(Duration.ofSeconds(10))));
    }

    /** SIGCONT (a paused process cannot stop), SIGTERM, a bounded wait, then SIGKILL. */
    void stop(Duration grace) {
        shell.exec(withPid(ALIVE + " || exit 0; kill -CONT \"$p\"; kill -TERM \"$p\"; " + waitGone(grace)
                + " || { kill -KILL \"$p\"; " + waitGone(Duration.ofSeconds(10)) + "; }"));
    }

    /** Waits until the process is gone (after a stop command); SIGKILL after the grace. */
    void awaitGone(Duration grace) {
        shell.exec(withPid(waitGone(grace) + " || { kill -KILL \"$p\"; " + waitGone(Duration.ofSeconds(10)) + "; }"));
    }

    /** Shell snippet: polls every 0.1 s until {@code $p} is gone; false when it is still there after the wait. */
    private static String waitGone(Duration d) {
        long tries = Math.max(1, d.toMillis() / 100);
        return "{ i=0; while " + ALIVE + "; do i=$((i+1)); [ $i -gt " + tries + " ] && break; sleep 0.1; done; ! " + ALIVE + "; }";
    }
}
