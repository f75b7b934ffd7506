package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.IptablesRule;
import io.kchaos.cluster.net.RuleReadback;
import io.kchaos.cluster.net.RuleRemoval;

import io.kchaos.cluster.os.CommandException;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.cluster.Connectivity;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.NetworkControl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Network faults between namespaced nodes. Partitions are iptables DROP rules inside the namespaces, on INPUT and
 * OUTPUT at both ends of every cut link; cutting clients drops traffic between a node and the bridge address; loss is a
 * random-drop rule ({@code statistic}) on what a node sends; delay goes through a {@link LinkDelay}. Every rule is
 * tagged with the run's comment and removed exactly with {@code -D}; healing removes exactly what was added. Each
 * method returns once {@code iptables -S} in the namespaces lists the rules it added and not those it removed.
 */
public final class IptablesNetwork implements NetworkControl, AutoCloseable {
    private final CommandRunner runner;
    private final NodeNetwork net;
    private final LinkDelay delay;
    private final RuleReadback<String> readback;
    private final List<IptablesRule> nodeCuts = new ArrayList<>();
    private final List<IptablesRule> clientCuts = new ArrayList<>();
    private final List<IptablesRule> losses = new ArrayList<>();
    private final Set<Integer> delayed = new TreeSet<>();

    /** {@code delay} may be null when this machine cannot delay packets ({@link #slow} then throws). */
    public IptablesNetwork(CommandRunner runner, NodeNetwork net, LinkDelay delay) {
        this(runner, net, delay, EffectWait.BOUND);
    }

    /** {@code bound}: how long the rules may take to be read back. */
    IptablesNetwork(CommandRunner runner, NodeNetwork net, LinkDelay delay, Duration bound) {
        this.runner = runner;
        this.net = net;
        this.delay = delay;
        this.readback = new RuleReadback<>(new NamespaceState(runner)::rules, ns -> ns, bound);
    }

    @Override
    public synchronized void partition(Collection<? extends Set<Integer>> components) {
        List<IptablesRule> old = List.copyOf(nodeCuts);
        removeAll(nodeCuts);
        for (List<Integer> link : Connectivity.cut(net.nodes(), components)) {
            int a = link.get(0);
            int b = link.get(1);
            drop(nodeCuts, a, net.address(b));
            drop(nodeCuts, b, net.address(a));
        }
        readback.await("partition " + components, byNamespace(nodeCuts), byNamespace(old));
    }

    @Override
    public synchronized void partitionClients(Set<Integer> nodes) {
        List<IptablesRule> old = List.copyOf(clientCuts);
        removeAll(clientCuts);
        for (int n : new TreeSet<>(nodes)) drop(clientCuts, known(n), net.clientAddress());
        readback.await("clients cut from nodes " + new TreeSet<>(nodes), byNamespace(clientCuts), byNamespace(old));
    }

    @Override
    public synchronized void healPartitions() {
        List<IptablesRule> removed = new ArrayList<>(clientCuts);
        removed.addAll(nodeCuts);
        removeAll(clientCuts);
        removeAll(nodeCuts);
        readback.awaitGone("partitions healed", byNamespace(removed));
    }

    @Override
    public synchronized void slow(Set<Integer> nodes, int delayMs, int jitterMs) {
        if (delay == null) throw new UnsupportedOperationException("link delay is unavailable on this machine");
        for (int n : new TreeSet<>(nodes)) {
            delayed.add(known(n));
            delay.apply(net.namespace(n), NodeNetwork.DEVICE, delayMs, jitterMs);
        }
    }

    @Override
    public synchronized void flaky(Set<Integer> nodes, double lossPercent) {
        if (!(lossPercent > 0 && lossPercent <= 100)) throw new IllegalArgumentException("loss must be in (0, 100] %, got " + lossPercent);
        List<IptablesRule> replaced = losses.stream().filter(r -> nodes.stream().anyMatch(n -> net.namespace(n).equals(r.namespace()))).toList();
        removeAll(replaced, losses);
        String probability = String.format(Locale.ROOT, "%.6f", lossPercent / 100.0);
        List<IptablesRule> added = new ArrayList<>();
        for (int n : new TreeSet<>(nodes)) {
            add(added, IptablesRule.inNamespace(net.namespace(known(n)), "OUTPUT",
                    List.of("-o", NodeNetwork.DEVICE, "-m", "statistic", "--mode", "random", "--probability", probability),
                    net.names().comment(), "DROP"));
            losses.add(added.get(added.size() - 1));
        }
        readback.await("loss " + lossPercent + " % on nodes " + new TreeSet<>(nodes), byNamespace(added), byNamespace(replaced));
    }

    @Override
    public synchronized void healLinks() {
        List<IptablesRule> removed = List.copyOf(losses);
        removeAll(losses);
        RuntimeException failure = null;
        for (int n : new ArrayList<>(delayed)) {
            try {
                delay.remove(net.namespace(n), NodeNetwork.DEVICE);
                delayed.remove(n);
            } catch (RuntimeException e) {
                if (failure == null) failure = e;
            }
        }
        if (failure != null) throw failure;
        readback.awaitGone("loss healed", byNamespace(removed));
    }

    /** Heals everything and releases the delay mechanism; the namespaces themselves are removed by their owner. */
    @Override
    public synchronized void close() {
        try {
            healAll();
        } finally {
            if (delay != null) delay.close();
        }
    }

    /** Rules currently in place, in the order they were added. */
    public synchronized List<IptablesRule> activeRules() {
        List<IptablesRule> all = new ArrayList<>(nodeCuts);
        all.addAll(clientCuts);
        all.addAll(losses);
        return all;
    }

    /** Drops traffic between {@code node} and {@code peer}, in both directions, inside the node's namespace. */
    private void drop(List<IptablesRule> into, int node, String peer) {
        String ns = net.namespace(node);
        add(into, IptablesRule.inNamespace(ns, "INPUT", List.of("-s", peer), net.names().comment(), "DROP"));
        add(into, IptablesRule.inNamespace(ns, "OUTPUT", List.of("-d", peer), net.names().comment(), "DROP"));
    }

    private void add(List<IptablesRule> into, IptablesRule rule) {
        rule.add(runner);
        into.add(rule);
    }

    private static Map<String, List<IptablesRule>> byNamespace(List<IptablesRule> rules) {
        return RuleReadback.byPlace(rules, IptablesRule::namespace, r -> r);
    }

    private void removeAll(List<IptablesRule> rules) {
        removeAll(new ArrayList<>(rules), rules);
    }

    /** Deletes {@code which} (newest first) and drops them from {@code from}; a rule whose delete failed stays listed. */
    private void removeAll(List<IptablesRule> which, List<IptablesRule> from) {
        RuleRemoval.newestFirst(which, from, r -> {
            try {
                r.delete(runner);
                return null;
            } catch (CommandException e) {
                return e;
            }
        });
    }

    private int known(int node) {
        if (!net.nodes().contains(node)) throw new IllegalArgumentException("no node " + node);
        return node;
    }
}
