package io.kchaos.backend.local.net;

import io.kchaos.cluster.os.CommandRunner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.LongPredicate;

/**
 * Removes what a kchaos harness that is no longer alive (SIGKILLed, crashed) left on this machine: processes still in
 * its namespaces, the namespaces, its bridge and veths, and its host FORWARD rules. Names carry the owner's pid
 * ({@link NetNames}); anything owned by a live process, or not named by kchaos, is never touched.
 */
public final class NetworkJanitor {
    private final CommandRunner runner;
    private final LongPredicate alive;

    public NetworkJanitor(CommandRunner runner) {
        this(runner, pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }

    /** {@code alive} tells whether a pid is a live process (replaceable in tests). */
    public NetworkJanitor(CommandRunner runner, LongPredicate alive) {
        this.runner = runner;
        this.alive = alive;
    }

    /** Removes every orphaned namespace, link and rule; returns what it removed, one phrase each. */
    public List<String> sweep() {
        List<String> removed = new ArrayList<>();
        for (String line : lines("ip", "netns", "list")) {
            String ns = line.split("\\s+")[0];
            if (!orphaned(NetNames.ownerOfNamespace(ns))) continue;
            killProcessesIn(ns);
            if (runner.run("ip", "netns", "del", ns).ok()) removed.add("namespace " + ns);
        }
        for (String line : lines("ip", "-o", "link", "show")) {
            String[] parts = line.split(":\\s+", 3);
            if (parts.length < 2) continue;
            String name = parts[1].split("@")[0];
            if (orphaned(NetNames.ownerOfLink(name)) && runner.run("ip", "link", "del", name).ok()) removed.add("link " + name);
        }
        for (String rule : lines("iptables", "-w", "5", "-S", "FORWARD")) {
            if (!rule.startsWith("-A ") || !orphaned(NetNames.ownerOfRule(rule))) continue;
            List<String> delete = new ArrayList<>(List.of("iptables", "-w", "5", "-D"));
            delete.addAll(Arrays.asList(rule.substring(3).trim().split("\\s+")));
            if (runner.run(delete).ok()) removed.add("FORWARD rule " + rule.substring(3).trim());
        }
        return removed;
    }

    private void killProcessesIn(String ns) {
        for (String pid : lines("ip", "netns", "pids", ns)) {
            if (pid.matches("\\d+")) runner.run("kill", "-9", pid);
        }
    }

    private boolean orphaned(Optional<Long> owner) {
        return owner.isPresent() && owner.get() != ProcessHandle.current().pid() && !alive.test(owner.get());
    }

    /** The command's non-blank output lines, trimmed; none if it failed. */
    private List<String> lines(String... command) {
        var r = runner.run(command);
        if (!r.ok()) return List.of();
        return r.stdout().lines().map(String::trim).filter(l -> !l.isEmpty()).toList();
    }
}
