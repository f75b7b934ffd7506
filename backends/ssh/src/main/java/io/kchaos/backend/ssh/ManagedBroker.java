package io.kchaos.backend.ssh;

import java.time.Duration;
import java.util.List;

/**
 * A broker that is installed and managed already (systemd, Ansible; existing-cluster mode): started and stopped with
 * the hosts file's commands, found with its pid command, signalled through that pid. kchaos changes none of its files.
 */
final class ManagedBroker implements HostBroker {
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);
    private static final Duration START_WAIT = Duration.ofSeconds(30);

    private final RemoteShell shell;
    private final SshHost.Existing commands;
    private final RemoteProcess process;

    ManagedBroker(RemoteShell shell) {
        this.shell = shell;
        this.commands = shell.host().existing();
        this.process = new RemoteProcess(shell.host().label(), shell::exec, commands.pid());
    }

    @Override
    public RemoteShell shell() {
        return shell;
    }

    @Override
    public RemoteProcess process() {
        return process;
    }

    @Override
    public void start() {
        if (running()) return;
        shell.check(commands.start() + " </dev/null >/dev/null 2>&1");
        long deadline = System.nanoTime() + START_WAIT.toNanos();
        while (!running()) {
            if (System.nanoTime() > deadline) throw new HostAccessException(shell.host(), "the start command left no broker process after " + START_WAIT.toSeconds() + " s");
            sleep();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting a broker");
        }
    }

    @Override
    public void stop() {
        long pid = process.pid();
        if (pid < 0) return;
        process.signal("CONT");
        shell.exec("timeout " + STOP_GRACE.toSeconds() + " sh -c " + Shell.quote(commands.stop()) + " </dev/null >/dev/null 2>&1");
        new RemoteProcess(shell.host().label(), shell::exec, "echo " + pid).awaitGone(STOP_GRACE); // the pid command may say nothing once stopped
    }

    @Override
    public List<String> dataDirs() {
        return commands.dataDirs();
    }

    @Override
    public void uninstall() {
        // nothing of a managed broker was installed by kchaos
    }
}
