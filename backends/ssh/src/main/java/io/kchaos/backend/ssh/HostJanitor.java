package io.kchaos.backend.ssh;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds and removes what an earlier run that died (SIGKILL, lost control node) left on a host, before this run
 * touches it: broker processes it started (recognised by {@code -Dkchaos.run=<its tag>}), iptables rules tagged
 * {@code kchaos-ssh-}, netem qdiscs it recorded, and its files; on an existing cluster it resumes and restarts the
 * brokers that ran before that run. The owner file {@code <dir>/.kchaos-owner} ({@code control-host pid tag}) tells
 * whose leftovers they are; a run whose harness is still alive on this control node is refused instead.
 */
final class HostJanitor {
    static final String OWNER = ".kchaos-owner";
    /** Marks a folder kchaos created (deploy mode), so that it never deletes a folder it did not make. */
    static final String MARKER = ".kchaos";
    static final String RULE_PREFIX = "kchaos-ssh-";
    static final String NETEM_DEVICES = ".kchaos-netem";
    static final String FOUND_RUNNING = ".kchaos-found-running";

    private final RemoteShell shell;

    HostJanitor(RemoteShell shell) {
        this.shell = shell;
    }

    /** Removes leftovers; returns one phrase per thing removed. Throws HostAccessException when the host is in use. */
    List<String> sweep(String localHostname, HostBroker broker) {
        SshHost h = shell.host();
        String d = Shell.quote(h.dir());
        List<String> removed = new ArrayList<>();
        String owner = shell.exec("cat " + d + "/" + OWNER + " 2>/dev/null").stdout().trim();
        String tag = null;
        if (!owner.isEmpty()) {
            String[] f = owner.split("\\s+");
            if (f.length == 3 && f[0].equals(localHostname) && f[1].matches("\\d+")) {
                long pid = Long.parseLong(f[1]);
                if (pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    throw new HostAccessException(h, h.dir() + " is in use by kchaos run " + f[2] + " (pid " + pid + " on this machine)");
                }
            }
            tag = f.length == 3 ? f[2] : null;
        }
        if (tag != null && tag.matches("[A-Za-z0-9-]+")) {
            String killed = shell.exec("for f in " + d + "/node-*/broker.pid; do [ -f \"$f\" ] || continue; p=$(cat \"$f\");"
                    + " tr '\\0' ' ' < /proc/$p/cmdline 2>/dev/null | grep -q -- '-Dkchaos.run=" + tag + " ' && kill -KILL $p && echo $p; done").stdout();
            killed.lines().filter(l -> !l.isBlank()).forEach(p -> removed.add(h.label() + ": broker process " + p.trim()));
        }
        removed.addAll(removeRules(h));
        String netem = shell.exec("cat " + d + "/" + NETEM_DEVICES + " 2>/dev/null").stdout();
        for (String dev : netem.lines().map(String::trim).filter(l -> l.matches("[A-Za-z0-9@._-]+")).distinct().toList()) {
            if (shell.exec(shell.privileged("tc qdisc del dev " + dev + " root")).ok()) removed.add(h.label() + ": netem on " + dev);
        }
        if (!owner.isEmpty()) {
            if (h.existing() != null) restoreExisting(broker, removed);
            shell.exec("rm -f " + d + "/" + OWNER + " " + d + "/" + NETEM_DEVICES);
            removed.add(h.label() + ": files of run " + tag + " in " + h.dir());
        }
        return removed;
    }

    /** Deletes every iptables rule tagged by a kchaos SSH run (this host runs one at a time). */
    List<String> removeRules(SshHost h) {
        List<String> removed = new ArrayList<>();
        String rules = shell.exec(shell.privileged("iptables -w 5 -S") + " 2>/dev/null").stdout();
        for (String rule : rules.lines().filter(l -> l.startsWith("-A ") && l.contains(RULE_PREFIX)).toList()) {
            if (shell.exec(shell.privileged("iptables -w 5 -D " + rule.substring(3))).ok()) removed.add(h.label() + ": iptables rule " + rule.substring(3));
        }
        return removed;
    }

    /** An existing broker the dead run left paused or stopped is resumed, and started again if it ran before that run. */
    private void restoreExisting(HostBroker broker, List<String> removed) {
        broker.resume();
        boolean ranBefore = shell.exec("[ -f " + Shell.quote(shell.host().dir()) + "/" + FOUND_RUNNING + " ]").ok();
        if (ranBefore && !broker.running()) {
            broker.start();
            removed.add(shell.host().label() + ": restarted the broker a dead run had stopped");
        }
    }
}
