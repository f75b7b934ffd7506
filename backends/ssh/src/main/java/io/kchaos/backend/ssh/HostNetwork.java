package io.kchaos.backend.ssh;

import io.kchaos.cluster.net.IptablesRule;
import io.kchaos.cluster.net.RuleRemoval;
import io.kchaos.nemesis.cluster.Connectivity;
import io.kchaos.nemesis.cluster.NetworkControl;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Network faults on SSH hosts: iptables rules in each host's own filter table, tagged {@code kchaos-ssh-<run>} and
 * removed exactly with {@code -D} on heal ({@link HostJanitor} removes those of a run that died). A node partition
 * drops everything between two hosts' broker addresses; a client cut and packet loss touch only the brokers' TCP
 * ports, so the SSH connection that heals them always survives. Delay is {@code tc netem} on the device towards the
 * peers, where the host has it.
 */
final class HostNetwork implements NetworkControl {
    private final Map<Integer, RemoteShell> shells;
    private final Map<Integer, String> controlAddresses;
    private final String comment;
    private final List<Placed> nodeCuts = new ArrayList<>();
    private final List<Placed> clientCuts = new ArrayList<>();
    private final List<Placed> losses = new ArrayList<>();
    private final Map<Integer, String> delayedDevices = new LinkedHashMap<>();
    private boolean closed;

    /** A rule and the node whose host holds it. */
    private record Placed(int node, IptablesRule rule) {
    }

    HostNetwork(Map<Integer, RemoteShell> shells, Map<Integer, String> controlAddresses, String runTag) {
        this.shells = shells;
        this.controlAddresses = controlAddresses;
        this.comment = HostJanitor.RULE_PREFIX + runTag;
    }

    @Override
    public synchronized void partition(Collection<? extends Set<Integer>> components) {
        removeAll(nodeCuts);
        for (List<Integer> link : Connectivity.cut(shells.keySet(), components)) {
            int a = link.get(0);
            int b = link.get(1);
            cut(a, peer(b));
            cut(b, peer(a));
        }
    }

    private void cut(int node, String peer) {
        add(nodeCuts, node, rule("INPUT", List.of("-s", peer)));
        add(nodeCuts, node, rule("OUTPUT", List.of("-d", peer)));
    }

    @Override
    public synchronized void partitionClients(Set<Integer> nodes) {
        removeAll(clientCuts);
        for (int n : new TreeSet<>(nodes)) {
            String ctl = controlAddresses.get(known(n));
            String port = Integer.toString(clientPort(n));
            add(clientCuts, n, rule("INPUT", List.of("-s", ctl, "-p", "tcp", "--dport", port)));
            add(clientCuts, n, rule("OUTPUT", List.of("-d", ctl, "-p", "tcp", "--sport", port)));
        }
    }

    @Override
    public synchronized void healPartitions() {
        removeAll(clientCuts);
        removeAll(nodeCuts);
    }

    @Override
    public synchronized void slow(Set<Integer> nodes, int delayMs, int jitterMs) {
        for (int n : new TreeSet<>(nodes)) {
            if (closed) return;
            RemoteShell s = shells.get(known(n));
            String dev = delayedDevices.containsKey(n) ? delayedDevices.get(n) : device(n);
            s.exec("echo " + Shell.quote(dev) + " >> " + Shell.quote(s.host().dir() + "/" + HostJanitor.NETEM_DEVICES));
            s.check(s.privileged("tc qdisc replace dev " + Shell.quote(dev) + " root netem delay " + delayMs + "ms " + jitterMs + "ms"));
            delayedDevices.put(n, dev);
        }
    }

    @Override
    public synchronized void flaky(Set<Integer> nodes, double lossPercent) {
        if (!(lossPercent > 0 && lossPercent <= 100)) throw new IllegalArgumentException("loss must be in (0, 100] %, got " + lossPercent);
        List<Placed> replaced = losses.stream().filter(p -> nodes.contains(p.node())).toList();
        removeAll(replaced, losses);
        String probability = String.format(Locale.ROOT, "%.6f", lossPercent / 100.0);
        for (int n : new TreeSet<>(nodes)) {
            add(losses, known(n), rule("OUTPUT", List.of("-p", "tcp", "-m", "multiport", "--ports", brokerPorts(n),
                    "-m", "statistic", "--mode", "random", "--probability", probability)));
        }
    }

    @Override
    public synchronized void healLinks() {
        removeAll(losses);
        for (Map.Entry<Integer, String> e : new ArrayList<>(delayedDevices.entrySet())) {
            RemoteShell s = shells.get(e.getKey());
            s.exec(s.privileged("tc qdisc del dev " + Shell.quote(e.getValue()) + " root"));
            delayedDevices.remove(e.getKey());
        }
    }

    /** Rules in place, per node. */
    synchronized int activeRules() {
        return nodeCuts.size() + clientCuts.size() + losses.size();
    }

    private IptablesRule rule(String chain, List<String> match) {
        return new IptablesRule(null, chain, match, comment, List.of("DROP"), true);
    }

    /** Heals everything; later faults are ignored (a nemesis thread may still be running when the run is torn down). */
    synchronized void shutdown() {
        closed = true;
        healAll();
    }

    private void add(List<Placed> into, int node, IptablesRule rule) {
        if (closed) return;
        RemoteShell s = shells.get(node);
        s.check(s.privileged(Shell.join(rule.addCommand())));
        into.add(new Placed(node, rule));
    }

    private void removeAll(List<Placed> rules) {
        removeAll(new ArrayList<>(rules), rules);
    }

    /** Deletes {@code which} newest first; a rule already gone counts as deleted. */
    private void removeAll(List<Placed> which, List<Placed> from) {
        RuleRemoval.newestFirst(which, from, p -> {
            RemoteShell s = shells.get(p.node());
            var r = s.exec(s.privileged(Shell.join(p.rule().deleteCommand())));
            return r.ok() || r.stderr().contains("does a matching rule exist") ? null
                    : new HostAccessException(s.host(), "cannot remove iptables rule: " + r.stderr().strip());
        });
    }

    private String peer(int node) {
        SshHost h = shells.get(known(node)).host();
        return h.existing() != null ? hostOf(h.existing().bootstrap()) : h.listener();
    }

    private int clientPort(int node) {
        SshHost h = shells.get(node).host();
        return h.existing() != null ? portOf(h.existing().bootstrap()) : h.clientPort();
    }

    private String brokerPorts(int node) {
        SshHost h = shells.get(node).host();
        return h.existing() != null ? Integer.toString(clientPort(node)) : h.clientPort() + "," + h.controllerPort();
    }

    /** The device the host reaches its first peer through. */
    private String device(int node) {
        int other = shells.keySet().stream().filter(n -> n != node).findFirst().orElse(node);
        String route = shells.get(node).check("ip -o route get " + Shell.quote(peer(other)));
        String[] f = route.trim().split("\\s+");
        for (int i = 0; i + 1 < f.length; i++) if (f[i].equals("dev")) return f[i + 1];
        throw new HostAccessException(shells.get(node).host(), "cannot find the network device towards " + peer(other));
    }

    private int known(int node) {
        if (!shells.containsKey(node)) throw new IllegalArgumentException("no node " + node);
        return node;
    }

    static String hostOf(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 ? hostPort : hostPort.substring(0, colon);
    }

    static int portOf(String hostPort) {
        return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    }
}
