package io.kchaos.backend.local;

import io.kchaos.cluster.NodeHosts;
import io.kchaos.backend.local.net.NamespaceHosts;
import io.kchaos.backend.local.net.NetNames;
import io.kchaos.backend.local.net.NetworkSupport;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.cluster.Capability;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Chooses where a local cluster's nodes live: each in its own network namespace when this machine allows it (root,
 * iproute2, iptables, not {@code --no-namespaces}), loopback otherwise; and says which faults that leaves out.
 */
public final class Hosts {
    private Hosts() {
    }

    /** Probes the machine once and returns the plan for this run's hosts. */
    public static Plan plan(boolean namespacesWanted, CommandRunner runner) {
        return new Plan(NetworkSupport.probe(runner, namespacesWanted), runner);
    }

    /** Where this run's nodes will live and what faults that allows. */
    public record Plan(NetworkSupport support, CommandRunner runner) {

        /** New hosts for one cluster. */
        public NodeHosts create() {
            return support.namespaces() ? new NamespaceHosts(runner, NetNames.next(), support.delays()) : new LoopbackHosts();
        }

        public Set<Capability> capabilities() {
            Set<Capability> c = EnumSet.noneOf(Capability.class);
            if (support.namespaces()) c.add(Capability.NETWORK);
            if (support.delay()) c.add(Capability.LINK_DELAY);
            return c;
        }

        /** Why these hosts lack a capability they govern (network, link delay), or null; others are not theirs to refuse. */
        private String missing(Capability c) {
            switch (c) {
                case NETWORK:
                    return support.noNamespaces();
                case LINK_DELAY:
                    return support.delay() ? null : support.noDelay();
                default:
                    return null;
            }
        }

        /** One line naming the faults unavailable on this machine and why; empty when every fault is available. */
        public Optional<String> note() {
            NemesisRegistry registry = NemesisRegistry.builtIn();
            if (!support.namespaces()) {
                return Optional.of("note: every node runs on loopback (" + support.noNamespaces() + "); unavailable faults: "
                        + String.join(", ", registry.namesRequiring(Capability.NETWORK)));
            }
            if (!support.delay()) {
                return Optional.of("note: unavailable faults: " + String.join(", ", registry.namesRequiring(Capability.LINK_DELAY))
                        + ": " + support.noDelay());
            }
            return support.delayName().equals("netem") ? Optional.empty() : Optional.of("note: link delay by " + support.delayName());
        }

        /** Throws IllegalArgumentException (one line) when a chosen nemesis needs network or delay this machine lacks. */
        public void refuseUnavailable(List<Nemesis> nemeses) {
            List<String> problems = new ArrayList<>();
            for (Nemesis n : nemeses) {
                for (Capability c : Capability.values()) {
                    String why = n.requires().contains(c) ? missing(c) : null;
                    if (why != null) {
                        problems.add("nemesis '" + n.name() + "' is unavailable: " + c.need() + ", but " + why);
                        break;
                    }
                }
            }
            if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems.stream().distinct().toList()));
        }
    }
}
