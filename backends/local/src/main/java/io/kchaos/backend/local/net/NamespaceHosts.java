package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.FirewallNetwork;
import io.kchaos.cluster.net.IptablesRule;

import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.NodeHosts;
import io.kchaos.cluster.os.CommandException;
import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.cluster.NetworkControl;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Each node its own host: a network namespace per node, joined by a veth pair to a bridge the run owns, with its own
 * address in a private /24 chosen per run; the harness reaches the nodes from the bridge address. Docker's
 * {@code FORWARD DROP} policy is met with a tagged ACCEPT rule for the bridge. Everything created is undone, newest
 * first, by {@link #close()} (brokers must be killed before); what a killed harness left is removed by
 * {@link NetworkJanitor}.
 */
public final class NamespaceHosts implements NodeHosts {
    private static final int SUBNET_ATTEMPTS = 5;

    private final CommandRunner runner;
    private final NetNames names;
    private final LinkDelay.Factory delays;
    private final Deque<List<String>> undo = new ArrayDeque<>();
    private NodeNetwork layout;
    private FirewallNetwork network;
    private boolean closed;

    /** {@code delays} builds the link delay mechanism; null when this machine cannot delay packets. */
    public NamespaceHosts(CommandRunner runner, NetNames names, LinkDelay.Factory delays) {
        this.runner = runner;
        this.names = names;
        this.delays = delays;
    }

    @Override
    public synchronized void setup(List<Integer> nodeIds) {
        if (layout != null) throw new IllegalStateException("hosts already set up");
        try {
            Subnet subnet = createBridge();
            layout = new NodeNetwork(names, subnet, nodeIds);
            IptablesRule forward = forwardRule();
            check(forward.addCommand());
            undo.push(forward.deleteCommand());
            for (int id : nodeIds) createNode(id);
            network = new FirewallNetwork(new NamespaceSites(runner, layout),
                    delays == null ? null : new NamespaceDelay(layout, delays.create(runner, names)));
        } catch (RuntimeException e) {
            close();
            throw new ClusterException("cannot set up network namespaces: " + e.getMessage());
        }
    }

    /** Creates the bridge on a free subnet; if another bridge claimed the same subnet meanwhile, retries on another. */
    private Subnet createBridge() {
        Set<Integer> taken = new HashSet<>();
        String br = names.bridge();
        for (int attempt = 0; attempt < SUBNET_ATTEMPTS; attempt++) {
            Subnet s = Subnet.choose(runner, names.pid(), taken);
            check(List.of("ip", "link", "add", br, "type", "bridge"));
            undo.push(List.of("ip", "link", "del", br));
            check(List.of("ip", "addr", "add", s.gateway() + "/24", "dev", br));
            check(List.of("ip", "link", "set", br, "up"));
            if (ownsSubnetAlone(s, br)) return s;
            runner.run(undo.pop());
            taken.add(s.octet());
        }
        throw new IllegalStateException("no free subnet after " + SUBNET_ATTEMPTS + " attempts");
    }

    private boolean ownsSubnetAlone(Subnet s, String br) {
        return runner.run("ip", "-o", "-4", "addr", "show").stdout().lines()
                .filter(s::mentionedIn).allMatch(l -> l.matches("\\d+:\\s+" + br + "\\s.*"));
    }

    private IptablesRule forwardRule() {
        String br = names.bridge();
        return new IptablesRule(null, "FORWARD", List.of("-i", br, "-o", br), names.comment(), List.of("ACCEPT"), true);
    }

    private void createNode(int id) {
        String ns = layout.namespace(id);
        String veth = names.hostVeth(id);
        check(List.of("ip", "netns", "add", ns));
        undo.push(List.of("ip", "netns", "del", ns));
        check(List.of("ip", "link", "add", veth, "type", "veth", "peer", "name", NodeNetwork.DEVICE, "netns", ns));
        undo.push(List.of("ip", "link", "del", veth));
        check(List.of("ip", "link", "set", veth, "master", names.bridge()));
        check(List.of("ip", "link", "set", veth, "up"));
        check(layout.inNamespace(id, "ip", "addr", "add", layout.address(id) + "/24", "dev", NodeNetwork.DEVICE));
        check(layout.inNamespace(id, "ip", "link", "set", NodeNetwork.DEVICE, "up"));
        check(layout.inNamespace(id, "ip", "link", "set", "lo", "up"));
    }

    @Override
    public synchronized String address(int node) {
        return layout().address(node);
    }

    @Override
    public synchronized List<String> commandPrefix(int node) {
        return layout().inNamespace(node);
    }

    @Override
    public synchronized Optional<NetworkControl> network() {
        return Optional.ofNullable(network);
    }

    /** The layout, once set up. */
    public synchronized NodeNetwork layout() {
        if (layout == null) throw new IllegalStateException("hosts not set up");
        return layout;
    }

    @Override
    public synchronized String describe() {
        return layout == null ? "network namespaces" : "network namespaces, " + layout.subnet().cidr() + " on bridge " + names.bridge();
    }

    /** Heals every fault, then removes the veths, namespaces, FORWARD rule and bridge, newest first. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        if (network != null) {
            try {
                network.close();
            } catch (RuntimeException ignored) {
                // the rules and qdiscs go with their namespaces anyway
            }
        }
        while (!undo.isEmpty()) runner.run(undo.pop());
    }

    private void check(List<String> command) {
        CommandResult r = runner.run(command);
        if (!r.ok()) throw new CommandException(String.join(" ", command), r);
    }
}
