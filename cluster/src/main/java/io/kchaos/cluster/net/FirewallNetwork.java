package io.kchaos.cluster.net;

import io.kchaos.cluster.os.CommandResult;
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
 * The network faults as one recipe for every backend that has a root shell per node ({@link FirewallSites}): a
 * partition is iptables DROP rules on INPUT and OUTPUT at both ends of every cut link, a client cut the same towards
 * the clients' address, loss a random-drop rule ({@code statistic}) on what a node sends, delay a {@link NodeDelay}.
 * Every rule carries the run's comment and is removed exactly with {@code -D}; healing removes exactly what was added.
 * Each method returns once {@code iptables -S} where the rules went lists those it added and not those it removed.
 * After {@link #close()} new faults are ignored (a nemesis thread may still be running when the run is torn down).
 */
public final class FirewallNetwork implements NetworkControl, AutoCloseable {
    private final FirewallSites sites;
    private final NodeDelay delay;
    private final RuleReadback<Integer> readback;
    private final List<Placed> nodeCuts = new ArrayList<>();
    private final List<Placed> clientCuts = new ArrayList<>();
    private final List<Placed> losses = new ArrayList<>();
    private final Set<Integer> delayed = new TreeSet<>();
    private boolean closed;

    /** A rule and the node where it is set. */
    private record Placed(int node, IptablesRule rule) {
    }

    /** {@code delay} may be null when the nodes cannot delay packets ({@link #slow} then throws). */
    public FirewallNetwork(FirewallSites sites, NodeDelay delay) {
        this(sites, delay, EffectWait.BOUND);
    }

    /** {@code bound}: how long the rules may take to be read back. */
    public FirewallNetwork(FirewallSites sites, NodeDelay delay, Duration bound) {
        this.sites = sites;
        this.delay = delay;
        this.readback = new RuleReadback<>(n -> RuleListing.read(sites.shell(n).run(IptablesRule.LIST)), n -> sites.shell(n).label(), bound);
    }

    @Override
    public synchronized void partition(Collection<? extends Set<Integer>> components) {
        List<Placed> old = List.copyOf(nodeCuts);
        removeAll(nodeCuts);
        for (List<Integer> link : Connectivity.cut(sites.nodes(), components)) {
            int a = link.get(0);
            int b = link.get(1);
            cut(nodeCuts, a, FirewallSites.ClientLink.all(sites.peerAddress(b)));
            cut(nodeCuts, b, FirewallSites.ClientLink.all(sites.peerAddress(a)));
        }
        readback.await("partition " + components, byNode(nodeCuts), byNode(old));
    }

    @Override
    public synchronized void partitionClients(Set<Integer> nodes) {
        List<Placed> old = List.copyOf(clientCuts);
        removeAll(clientCuts);
        for (int n : new TreeSet<>(nodes)) cut(clientCuts, n, sites.clientLink(known(n)));
        readback.await("clients cut from nodes " + new TreeSet<>(nodes), byNode(clientCuts), byNode(old));
    }

    @Override
    public synchronized void healPartitions() {
        List<Placed> removed = new ArrayList<>(clientCuts);
        removed.addAll(nodeCuts);
        removeAll(clientCuts);
        removeAll(nodeCuts);
        readback.awaitGone("partitions healed", byNode(removed));
    }

    @Override
    public synchronized void slow(Set<Integer> nodes, int delayMs, int jitterMs) {
        if (delay == null) throw new UnsupportedOperationException("link delay is unavailable on this machine");
        for (int n : new TreeSet<>(nodes)) {
            if (closed) return;
            delayed.add(known(n));
            delay.apply(n, delayMs, jitterMs);
        }
    }

    @Override
    public synchronized void flaky(Set<Integer> nodes, double lossPercent) {
        if (!(lossPercent > 0 && lossPercent <= 100)) throw new IllegalArgumentException("loss must be in (0, 100] %, got " + lossPercent);
        List<Placed> replaced = losses.stream().filter(p -> nodes.contains(p.node())).toList();
        removeAll(replaced, losses);
        String probability = String.format(Locale.ROOT, "%.6f", lossPercent / 100.0);
        List<Placed> added = new ArrayList<>();
        try {
            for (int n : new TreeSet<>(nodes)) {
                List<String> match = new ArrayList<>(sites.lossMatch(known(n)));
                match.addAll(List.of("-m", "statistic", "--mode", "random", "--probability", probability));
                add(added, n, rule("OUTPUT", match));
            }
        } finally {
            losses.addAll(added);
        }
        readback.await("loss " + lossPercent + " % on nodes " + new TreeSet<>(nodes), byNode(added), byNode(replaced));
    }

    @Override
    public synchronized void healLinks() {
        List<Placed> removed = List.copyOf(losses);
        removeAll(losses);
        RuntimeException failure = null;
        for (int n : new ArrayList<>(delayed)) {
            try {
                delay.remove(n);
                delayed.remove(n);
            } catch (RuntimeException e) {
                if (failure == null) failure = e;
            }
        }
        if (failure != null) throw failure;
        readback.awaitGone("loss healed", byNode(removed));
    }

    /** Heals everything, ignores later faults and releases the delay mechanism. */
    @Override
    public synchronized void close() {
        closed = true;
        try {
            healAll();
        } finally {
            if (delay != null) delay.close();
        }
    }

    /** Rules currently in place, in the order they were added. */
    public synchronized List<IptablesRule> activeRules() {
        List<IptablesRule> all = new ArrayList<>();
        for (List<Placed> kind : List.of(nodeCuts, clientCuts, losses)) kind.forEach(p -> all.add(p.rule()));
        return all;
    }

    /** Drops the traffic between {@code node} and the link's address, both ways, where the node's rules go. */
    private void cut(List<Placed> into, int node, FirewallSites.ClientLink link) {
        List<String> in = new ArrayList<>(List.of("-s", link.address()));
        in.addAll(link.inbound());
        List<String> out = new ArrayList<>(List.of("-d", link.address()));
        out.addAll(link.outbound());
        add(into, node, rule("INPUT", in));
        add(into, node, rule("OUTPUT", out));
    }

    private IptablesRule rule(String chain, List<String> match) {
        return new IptablesRule(null, chain, match, sites.comment(), List.of("DROP"), sites.insertFirst());
    }

    private void add(List<Placed> into, int node, IptablesRule rule) {
        if (closed) return;
        sites.shell(node).check(rule.addCommand());
        into.add(new Placed(node, rule));
    }

    private static Map<Integer, List<IptablesRule>> byNode(List<Placed> placed) {
        return RuleReadback.byPlace(placed, Placed::node, Placed::rule);
    }

    private void removeAll(List<Placed> rules) {
        removeAll(new ArrayList<>(rules), rules);
    }

    /** Deletes {@code which} (newest first) and drops them from {@code from}; a rule whose delete failed stays listed. */
    private void removeAll(List<Placed> which, List<Placed> from) {
        RuleRemoval.newestFirst(which, from, p -> {
            NodeShell at = sites.shell(p.node());
            List<String> c = p.rule().deleteCommand();
            CommandResult r = at.run(c);
            return IptablesRule.removed(r) ? null : at.failed(c, r);
        });
    }

    private int known(int node) {
        if (!sites.nodes().contains(node)) throw new IllegalArgumentException("no node " + node);
        return node;
    }
}
