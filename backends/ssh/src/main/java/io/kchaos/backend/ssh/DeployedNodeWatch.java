package io.kchaos.backend.ssh;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.stop.StoppingNode;
import io.kchaos.history.folder.RunFiles;

/**
 * A deployed broker as the last voters' release watches it over SSH: each look is one command on its host that says
 * whether the broker runs and prints what its server.log gained since the previous look, read by byte offset (a line
 * written in two pieces comes in two looks). Killed with the broker's own kill; the note is appended to the host's
 * server.log, so the copy fetched into {@code nodes/<id>/} has it too.
 */
final class DeployedNodeWatch implements StoppingNode {
    /** The most one look reads of the log. */
    static final long MAX_READ = 1 << 20;
    private static final String RUNNING = "running";

    private final String label;
    private final HostScripts shell;
    private final String log;
    private final RemoteProcess process;
    private final Runnable kill;
    /** Bytes of the log already seen; -1 when its end could not be read when the watch began (its text is then never read). */
    private long read;

    /** Watches {@code log} on the host from its current end, the broker being {@code process}, killed by {@code kill}. */
    DeployedNodeWatch(String label, HostScripts shell, String log, RemoteProcess process, Runnable kill) {
        this.label = label;
        this.shell = shell;
        this.log = log;
        this.process = process;
        this.kill = kill;
        this.read = -1;
        Answer now = ask();
        this.read = now == null ? -1 : now.size();
    }

    static DeployedNodeWatch of(DeployedBroker b) {
        return new DeployedNodeWatch(b.shell().host().label(), b.shell()::exec, b.nodeDir() + "/" + RunFiles.SERVER_LOG, b.process(), b::kill);
    }

    /** One answer of the host: whether the broker runs, the log's size, and the bytes from {@link #read} on. */
    private record Answer(boolean running, long size, String text) {
    }

    @Override
    public Look look() {
        Answer a = ask();
        if (a == null) return new Look(true, ""); // the host could not be asked: nobody is killed on a guess
        if (!a.running()) return Look.GONE;
        if (read < 0 || a.size() <= read) return new Look(true, "");
        read += Math.min(a.size() - read, MAX_READ);
        return new Look(true, a.text());
    }

    /** One command: the first line says {@code running SIZE} or {@code gone SIZE}, the log's new bytes follow; null when it failed. */
    private Answer ask() {
        String f = Shell.quote(log);
        String size = "s=$(wc -c < " + f + " 2>/dev/null | tr -dc 0-9); s=${s:-0}; ";
        String tail = read < 0 ? "" : "; n=$((s-" + read + ")); [ $n -gt " + MAX_READ + " ] && n=" + MAX_READ
                + "; [ $n -gt 0 ] && tail -c +" + (read + 1) + " " + f + " | head -c $n";
        CommandResult r = shell.exec(process.ifAlive(size + "echo " + RUNNING + " $s" + tail + "; true", size + "echo gone $s"));
        if (!r.ok()) return null;
        String out = r.stdout();
        int end = out.indexOf('\n');
        String[] head = (end < 0 ? out : out.substring(0, end)).trim().split(" ");
        if (head.length != 2 || !head[1].matches("\\d+")) return null;
        return new Answer(head[0].equals(RUNNING), Long.parseLong(head[1]), end < 0 ? "" : out.substring(end + 1));
    }

    @Override
    public void kill() {
        kill.run();
    }

    @Override
    public void note(String line) {
        CommandResult r = shell.exec("printf '%s\\n' " + Shell.quote(line) + " >> " + Shell.quote(log));
        if (!r.ok()) throw new IllegalStateException(label + ": cannot append to " + log + " (exit " + r.exitCode() + "): " + r.stderr().strip());
    }
}
