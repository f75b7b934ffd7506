package io.kchaos.cluster.os;

/** Sends POSIX signals to processes by pid through the {@link CommandRunner} (Java has no SIGSTOP/SIGCONT API). */
public final class Signals {
    private final CommandRunner runner;

    public Signals(CommandRunner runner) {
        this.runner = runner;
    }

    public void stop(long pid) {
        runner.check("kill", "-STOP", Long.toString(pid));
    }

    public void cont(long pid) {
        runner.run("kill", "-CONT", Long.toString(pid));
    }
}
