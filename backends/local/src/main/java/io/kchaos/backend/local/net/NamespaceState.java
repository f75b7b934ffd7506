package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.Namespaces;
import io.kchaos.cluster.net.IptablesRule;
import io.kchaos.cluster.net.RuleListing;
import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads back what is set inside a node's namespace, for the delay queue to see its effect: its iptables filter rules
 * and which process binds each NFQUEUE. A namespace that is gone holds nothing.
 */
final class NamespaceState {
    static final String QUEUE_TABLE = "/proc/net/netfilter/nfnetlink_queue";

    private final CommandRunner runner;

    NamespaceState(CommandRunner runner) {
        this.runner = runner;
    }

    /** {@code iptables -S} in the namespace. */
    RuleListing rules(String namespace) {
        return RuleListing.read(runner.run(Namespaces.exec(namespace, IptablesRule.LIST)));
    }

    /**
     * The netlink port bound to each NFQUEUE of the namespace ({@code /proc/net/netfilter/nfnetlink_queue}: queue
     * number, then port id; a socket bound by the kernel gets its process id as port id); empty when unreadable.
     */
    Map<Integer, Long> queueBindings(String namespace) {
        CommandResult r = runner.run(Namespaces.exec(namespace, "cat", QUEUE_TABLE));
        Map<Integer, Long> bound = new TreeMap<>();
        if (!r.ok()) return bound;
        for (String line : r.stdout().lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            List<String> f = List.of(line.split("\\s+"));
            if (f.size() >= 2 && f.get(0).matches("\\d+") && f.get(1).matches("\\d+")) {
                bound.put(Integer.parseInt(f.get(0)), Long.parseLong(f.get(1)));
            }
        }
        return bound;
    }
}
