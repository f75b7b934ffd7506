package io.kchaos.cluster.net;

import java.util.List;

/**
 * What a backend tells {@link FirewallNetwork} about its nodes: where each node's rules are set, the addresses a
 * partition cuts, what a client cut and a loss match there, and how the run tags and places its rules.
 */
public interface FirewallSites {
    /** The node ids, in the order faults touch them. */
    List<Integer> nodes();

    /** Where {@code node}'s rules and qdiscs are set. */
    NodeShell shell(int node);

    /** The address the other nodes reach {@code node} at: a partition drops everything to and from it. */
    String peerAddress(int node);

    /** What cutting the harness's clients from {@code node} drops. */
    ClientLink clientLink(int node);

    /** What of the packets {@code node} sends a loss drops at random ({@code -o eth0}, the brokers' ports). */
    List<String> lossMatch(int node);

    /** The run's comment, on every rule so that it can be found and removed exactly. */
    String comment();

    /** Whether rules go to the head of their chain (host chains others also use) instead of its end. */
    boolean insertFirst();

    /**
     * The clients' traffic to one node: their address, and what else the INPUT and OUTPUT rules match (a port, so
     * that other traffic from the same address, such as the SSH connection that heals the cut, passes).
     */
    record ClientLink(String address, List<String> inbound, List<String> outbound) {
        public ClientLink {
            inbound = List.copyOf(inbound);
            outbound = List.copyOf(outbound);
        }

        /** Everything between the node and {@code address}. */
        public static ClientLink all(String address) {
            return new ClientLink(address, List.of(), List.of());
        }
    }
}
