package io.kchaos.backend.ssh;

import io.kchaos.cluster.net.IptablesRule;
import io.kchaos.cluster.net.QdiscReadback;
import io.kchaos.cluster.net.RootQdisc;
import io.kchaos.cluster.net.RuleListing;
import io.kchaos.cluster.net.RuleReadback;
import io.kchaos.cluster.net.RuleRemoval;
import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.cluster.Connectivity;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.NetworkControl;

import java.time.Duration;
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
 * peers, where the host has it. Each method returns once the hosts list what it set ({@code iptables -S},
 * {@code tc qdisc show}) and no longer list what it removed.
 */
final class HostNetwork implements NetworkControl {
    private final Map<Integer, NetworkHost> hosts;
    private final Map<Integer, String> controlAddresses;
    private final String comment;
    private final RuleReadback<Integer> readback;
    private final Duration bound;
    private final List<Placed> nodeCuts = new ArrayList<>();
    private final List<Placed> clientCuts = new ArrayList<>();
    private final List<Placed> losses = new ArrayList<>();
    private final Map<Integer, String> delayedDevices = new LinkedHashMap<>();
    private boolean closed;

    /** A rule and the node whose host holds it. */
    private record Placed(int node, IptablesRule rule) {
    }

    HostNetwork(Map<Integer, NetworkHost> hosts, Map<Integer, String> controlAddresses, String runTag) {
        this(hosts, controlAddresses, runTag, EffectWait.BOUND);
    }

    /** {@code bound}: how long rules and qdiscs may take to be read back. */
    HostNetwork(Map<Integer, NetworkHost> hosts, Map<Integer, String> controlAddresses, String runTag, Duration bound) {
        this.hosts = hosts;
        this.controlAddresses = controlAddresses;
        this.comment = HostJanitor.RULE_PREFIX + runTag;
        this.readback = new RuleReadback<>(this::rules, n -> hosts.get(n).host().label(), bound);
        this.bound = bound;
    }

    @Override
    public synchronized void partition(Collection<? extends Set<Integer>> components) {
        List<Placed> old = List.copyOf(nodeCuts);
        removeAll(nodeCuts);
        for (List<Integer> link : Connectivity.cut(hosts.keySet(), components)) {
            int a = link.get(0);
            int b = link.get(1);
            cut(a, peer(b));
            cut(b, peer(a));
        }
        readback.await("partition " + components, byHost(nodeCuts), byHost(old));
    }

    private void cut(int node, String peer) {
        add(nodeCuts, node, rule("INPUT", List.of("-s", peer)));
        add(nodeCuts, node, rule("OUTPUT", List.of("-d", peer)));
    }

    @Override
    public synchronized void partitionClients(Set<Integer> nodes) {
        List<Placed> old = List.copyOf(clientCuts);
        removeAll(clientCuts);
        for (int n : new TreeSet<>(nodes)) {
            String ctl = controlAddresses.get(known(n));
            String port = Integer.toString(clientPort(n));
            add(clientCuts, n, rule("INPUT", List.of("-s", ctl, "-p", "tcp", "--dport", port)));
            add(clientCuts, n, rule("OUTPUT", List.of("-d", ctl, "-p", "tcp", "--sport", port)));
        }
        readback.await("clients cut from nodes " + new TreeSet<>(nodes), byHost(clientCuts), byHost(old));
    }

    @Override
    public synchronized void healPartitions() {
        List<Placed> removed = new ArrayList<>(clientCuts);
        removed.addAll(nodeCuts);
        removeAll(clientCuts);
        removeAll(nodeCuts);
        readback.awaitGone("partitions healed", byHost(removed));
    }

    @Override
    public synchronized void slow(Set<Integer> nodes, int delayMs, int jitterMs) {
        for (int n : new TreeSet<>(nodes)) {
            if (closed) return;
            NetworkHost h = hosts.get(known(n));
            String dev = delayedDevices.containsKey(n) ? delayedDevices.get(n) : device(n);
            h.user().run("sh", "-c", "echo " + Shell.quote(dev) + " >> " + Shell.quote(h.host().dir() + "/" + HostJanitor.NETEM_DEVICES));
            check(h, h.root(), "tc", "qdisc", "replace", "dev", dev, "root", "netem", "delay", delayMs + "ms", jitterMs + "ms");
            delayedDevices.put(n, dev);
            QdiscReadback.awaitDelay(where(h, dev), () -> rootQdisc(h, dev), delayMs, jitterMs, bound);
        }
    }

    @Override
    public synchronized void flaky(Set<Integer> nodes, double lossPercent) {
        if (!(lossPercent > 0 && lossPercent <= 100)) throw new IllegalArgumentException("loss must be in (0, 100] %, got " + lossPercent);
        List<Placed> replaced = losses.stream().filter(p -> nodes.contains(p.node())).toList();
        removeAll(replaced, losses);
        String probability = String.format(Locale.ROOT, "%.6f", lossPercent / 100.0);
        List<Placed> added = new ArrayList<>();
        for (int n : new TreeSet<>(nodes)) {
            add(added, known(n), rule("OUTPUT", List.of("-p", "tcp", "-m", "multiport", "--ports", brokerPorts(n),
                    "-m", "statistic", "--mode", "random", "--probability", probability)));
        }
        losses.addAll(added);
        readback.await("loss " + lossPercent + " % on nodes " + new TreeSet<>(nodes), byHost(added), byHost(replaced));
    }

    @Override
    public synchronized void healLinks() {
        List<Placed> removed = List.copyOf(losses);
        removeAll(losses);
        RuntimeException failure = null;
        for (Map.Entry<Integer, String> e : new ArrayList<>(delayedDevices.entrySet())) {
            NetworkHost h = hosts.get(e.getKey());
            String dev = e.getValue();
            try {
                h.root().run("tc", "qdisc", "del", "dev", dev, "root");
                QdiscReadback.awaitUndelayed(where(h, dev), () -> rootQdisc(h, dev), bound);
                delayedDevices.remove(e.getKey());
            } catch (RuntimeException ex) {
                if (failure == null) failure = ex;
            }
        }
        if (failure != null) throw failure;
        readback.awaitGone("loss healed", byHost(removed));
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
        NetworkHost h = hosts.get(node);
        check(h, h.root(), rule.addCommand().toArray(String[]::new));
        into.add(new Placed(node, rule));
    }

    /** The command's output; HostAccessException naming the host when it fails. */
    private static String check(NetworkHost h, CommandRunner runner, String... command) {
        CommandResult r = runner.run(command);
        if (!r.ok()) {
            throw new HostAccessException(h.host(), "command failed (exit " + r.exitCode() + "): " + String.join(" ", command) + ": "
                    + (r.stderr().isBlank() ? r.stdout() : r.stderr()).strip());
        }
        return r.stdout();
    }

    /** {@code iptables -S} on the node's host. */
    private RuleListing rules(int node) {
        CommandResult r = hosts.get(node).root().run("iptables", "-w", "5", "-S");
        return r.ok() ? RuleListing.of(r.stdout()) : RuleListing.unreadable(r.stderr().strip());
    }

    private static RootQdisc rootQdisc(NetworkHost h, String device) {
        CommandResult r = h.root().run("tc", "qdisc", "show", "dev", device);
        return r.ok() ? RootQdisc.parse(r.stdout()) : RootQdisc.unreadable(r.stderr().strip());
    }

    private static String where(NetworkHost h, String device) {
        return device + " on " + h.host().label();
    }

    private static Map<Integer, List<IptablesRule>> byHost(List<Placed> placed) {
        return RuleReadback.byPlace(placed, Placed::node, Placed::rule);
    }

    private void removeAll(List<Placed> rules) {
        removeAll(new ArrayList<>(rules), rules);
    }

    /** Deletes {@code which} newest first; a rule already gone counts as deleted. */
    private void removeAll(List<Placed> which, List<Placed> from) {
        RuleRemoval.newestFirst(which, from, p -> {
            NetworkHost h = hosts.get(p.node());
            CommandResult r = h.root().run(p.rule().deleteCommand());
            return r.ok() || r.stderr().contains("does a matching rule exist") ? null
                    : new HostAccessException(h.host(), "cannot remove iptables rule: " + r.stderr().strip());
        });
    }

    private String peer(int node) {
        SshHost h = hosts.get(known(node)).host();
        return h.existing() != null ? hostOf(h.existing().bootstrap()) : h.listener();
    }

    private int clientPort(int node) {
        SshHost h = hosts.get(node).host();
        return h.existing() != null ? portOf(h.existing().bootstrap()) : h.clientPort();
    }

    private String brokerPorts(int node) {
        SshHost h = hosts.get(node).host();
        return h.existing() != null ? Integer.toString(clientPort(node)) : h.clientPort() + "," + h.controllerPort();
    }

    /** The device the host reaches its first peer through. */
    private String device(int node) {
        int other = hosts.keySet().stream().filter(n -> n != node).findFirst().orElse(node);
        NetworkHost h = hosts.get(node);
        String route = check(h, h.user(), "ip", "-o", "route", "get", peer(other));
        String[] f = route.trim().split("\\s+");
        for (int i = 0; i + 1 < f.length; i++) if (f[i].equals("dev")) return f[i + 1];
        throw new HostAccessException(hosts.get(node).host(), "cannot find the network device towards " + peer(other));
    }

    private int known(int node) {
        if (!hosts.containsKey(node)) throw new IllegalArgumentException("no node " + node);
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
