package io.kchaos.backend.ssh;

import io.kchaos.cluster.Parallel;
import io.kchaos.nemesis.cluster.Capability;

import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The hosts of one SSH run, connected and probed before anything starts: their shells, what each allows, their
 * clock offsets, the run's tag, and its claim on the hosts (owner file, leftovers of a dead run swept first).
 * Connection problems are collected for every host and reported together, one phrase per host.
 */
public final class SshSession implements AutoCloseable {
    private final SshConnections connections;
    private final Map<Integer, RemoteShell> shells;
    private final Map<Integer, HostProbe> probes;
    private final Map<Integer, ClockOffsets.Offset> offsets;
    private final HostsFile.Mode mode;
    private final boolean keep;
    private final String runTag;
    private final PrintStream out;
    /** Hosts this run has claimed: only their files are ever removed. */
    private final Set<Integer> claimed = ConcurrentHashMap.newKeySet();

    private SshSession(SshConnections connections, Map<Integer, RemoteShell> shells, Map<Integer, HostProbe> probes,
                       Map<Integer, ClockOffsets.Offset> offsets, HostsFile.Mode mode, boolean keep, String runTag, PrintStream out) {
        this.connections = connections;
        this.shells = shells;
        this.probes = probes;
        this.offsets = offsets;
        this.mode = mode;
        this.keep = keep;
        this.runTag = runTag;
        this.out = out;
    }

    /**
     * Connects to every host at once, probes each and measures its clock; throws IllegalArgumentException naming
     * every host that cannot be used and why (exit 2).
     */
    public static SshSession open(HostsFile.Plan plan, SshConnections connections, boolean keep, PrintStream out) {
        Map<Integer, RemoteShell> shells = new TreeMap<>();
        Map<Integer, HostProbe> probes = new TreeMap<>();
        Map<Integer, ClockOffsets.Offset> offsets = new TreeMap<>();
        List<RuntimeException> problems = Parallel.each(plan.hosts(), h -> {
            RemoteShell s = connections.connect(h);
            HostProbe p = HostProbe.of(s);
            if (!p.java()) throw new HostAccessException(h, "'" + h.java() + " -version' fails (give \"java\" in the hosts file or --remote-java)");
            // writable where it exists, or its nearest existing parent: nothing is created before the run claims the host
            if (!s.exec("d=" + Shell.quote(h.dir()) + "; while [ ! -e \"$d\" ]; do d=$(dirname \"$d\"); done; [ -d \"$d\" ] && [ -w \"$d\" ]").ok()) {
                throw new HostAccessException(h, "user " + h.user() + " cannot create or write " + h.dir());
            }
            ClockOffsets.Offset o = ClockOffsets.measure(s);
            synchronized (shells) {
                shells.put(h.id(), s);
                probes.put(h.id(), p);
                offsets.put(h.id(), o);
            }
        });
        if (!problems.isEmpty()) {
            connections.close();
            throw new IllegalArgumentException(String.join("; ", problems.stream().map(RuntimeException::getMessage).toList()));
        }
        String tag = ProcessHandle.current().pid() + "-" + Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);
        return new SshSession(connections, shells, probes, offsets, plan.mode(), keep, tag, out);
    }

    /** Throws IllegalArgumentException (one line) for a fault some host cannot take, naming the host and why. */
    public void refuse(Map<String, Set<Capability>> nemesisNeeds) {
        List<String> problems = new ArrayList<>();
        nemesisNeeds.forEach((name, needs) -> {
            for (Capability c : needs) {
                if (c == Capability.PROTOCOL) continue; // the kchaos proxy runs next to the harness, not on the hosts
                if (c == Capability.TOXIPROXY) {
                    problems.add("nemesis '" + name + "' is unavailable with --backend ssh: " + c.need());
                    return;
                }
                for (Map.Entry<Integer, HostProbe> e : probes.entrySet()) {
                    if (!e.getValue().capabilities().contains(c)) {
                        problems.add("nemesis '" + name + "' is unavailable: " + shells.get(e.getKey()).host().label() + ": " + e.getValue().missing(c));
                        return;
                    }
                }
            }
        });
        if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
    }

    /** Whether every host allows network faults. */
    boolean networkAllowed() {
        return probes.values().stream().allMatch(p -> p.capabilities().contains(Capability.NETWORK));
    }

    /** Capabilities every host has. */
    public Set<Capability> capabilities() {
        Set<Capability> c = EnumSet.allOf(Capability.class);
        c.remove(Capability.TOXIPROXY);
        probes.values().forEach(p -> c.retainAll(p.capabilities()));
        c.add(Capability.PROTOCOL);
        return c;
    }

    /**
     * Refuses hosts sharing one install directory ({@link SharedDirCheck}), sweeps what a dead run left on each host,
     * then marks the hosts as this run's (owner file). In deploy mode a folder that exists, is not empty and was not
     * made by kchaos is refused: kchaos never deletes what it did not make.
     */
    void claimHosts() {
        SharedDirCheck.refuseShared(shells, runTag);
        String local = localHostname();
        Map<Integer, List<String>> swept = new ConcurrentHashMap<>();
        forEachHost(s -> {
            SshHost h = s.host();
            String d = Shell.quote(h.dir());
            s.check("mkdir -p " + d);
            if (mode == HostsFile.Mode.DEPLOY && !s.exec("[ -f " + d + "/" + HostJanitor.MARKER + " ] || [ -z \"$(ls -A " + d + ")\" ]").ok()) {
                throw new HostAccessException(h, h.dir() + " is not empty and was not made by kchaos; give an empty or new folder (\"dir\", --remote-dir)");
            }
            HostBroker broker = h.existing() != null ? new ManagedBroker(s) : null;
            swept.put(h.id(), new HostJanitor(s).sweep(local, broker));
            s.check("touch " + d + "/" + HostJanitor.MARKER + " && echo " + Shell.quote(local + " " + ProcessHandle.current().pid() + " " + runTag)
                    + " > " + d + "/" + HostJanitor.OWNER);
            claimed.add(h.id());
            return null;
        });
        List<String> all = new TreeMap<>(swept).values().stream().flatMap(List::stream).toList();
        if (!all.isEmpty()) out.println("removed " + all.size() + " leftover(s) of an earlier run on the hosts: " + String.join(", ", all));
    }

    /** Existing mode: which brokers ran when the run found them (so a dead run's successor can restore them). */
    void recordFoundRunning(Set<Integer> running) {
        forEachHost(s -> {
            String f = Shell.quote(s.host().dir() + "/" + HostJanitor.FOUND_RUNNING);
            s.exec(running.contains(s.host().id()) ? "touch " + f : "rm -f " + f);
            return null;
        });
    }

    /** Ends the claim: removes what kchaos put on each host (deploy mode keeps it all with {@code keep}). */
    void releaseHosts() {
        forEachHost(s -> {
            SshHost h = s.host();
            if (!claimed.remove(h.id())) return null;
            new HostJanitor(s).removeRules(h);
            String d = Shell.quote(h.dir());
            if (mode == HostsFile.Mode.EXISTING || !keep) {
                s.exec("rm -rf " + d + "/lib " + d + "/audit " + d + "/node-" + h.id() + " " + d + "/" + HostJanitor.OWNER + " "
                        + d + "/" + HostJanitor.MARKER + " " + d + "/" + HostJanitor.NETEM_DEVICES + " " + d + "/" + HostJanitor.FOUND_RUNNING
                        + "; rmdir " + d + " 2>/dev/null; true");
            } else {
                s.exec("rm -f " + d + "/" + HostJanitor.OWNER);
            }
            return null;
        });
    }

    private void forEachHost(Function<RemoteShell, Void> action) {
        Parallel.all(List.copyOf(shells.values()), action::apply);
    }

    private static String localHostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    Map<Integer, RemoteShell> shells() {
        return shells;
    }

    Map<Integer, String> controlAddresses() {
        Map<Integer, String> m = new TreeMap<>();
        probes.forEach((id, p) -> m.put(id, p.controlAddress()));
        return m;
    }

    Map<Integer, ClockOffsets.Offset> clockOffsets() {
        return offsets;
    }

    /** For run.json: each node's host, user and what it allows. */
    Map<String, Object> describeHosts() {
        Map<String, Object> m = new LinkedHashMap<>();
        shells.forEach((id, s) -> {
            HostProbe p = probes.get(id);
            Map<String, Object> h = new LinkedHashMap<>();
            h.put("address", s.host().address() + ":" + s.host().port());
            h.put("user", s.host().user());
            h.put("hostname", p.hostname());
            h.put("dir", s.host().dir());
            h.put("bootstrap", s.host().bootstrap());
            h.put("capabilities", p.capabilities().stream().map(Enum::name).sorted().toList());
            m.put(Integer.toString(id), h);
        });
        m.put("host-key-check", connections.checksHostKeys());
        return m;
    }

    boolean existing() {
        return mode == HostsFile.Mode.EXISTING;
    }

    boolean keep() {
        return keep;
    }

    String runTag() {
        return runTag;
    }

    @Override
    public void close() {
        connections.close();
    }
}
