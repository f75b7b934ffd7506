package io.kchaos.backend.ssh;

import io.kchaos.cluster.net.FirewallSites;

import java.util.List;
import java.util.Map;

/**
 * SSH hosts as the shared network recipe ({@link io.kchaos.cluster.net.FirewallNetwork}) sees them: rules inserted
 * first in each host's own filter table, tagged {@code kchaos-ssh-<run>} ({@link HostJanitor} removes those of a run
 * that died). A node partition drops everything between two hosts' broker addresses; a client cut and packet loss
 * touch only the brokers' TCP ports, so the SSH connection that heals them always survives.
 */
final class HostSites implements FirewallSites {
    private final Map<Integer, NetworkHost> hosts;
    private final Map<Integer, String> controlAddresses;
    private final String comment;

    HostSites(Map<Integer, NetworkHost> hosts, Map<Integer, String> controlAddresses, String runTag) {
        this.hosts = hosts;
        this.controlAddresses = controlAddresses;
        this.comment = HostJanitor.RULE_PREFIX + runTag;
    }

    @Override
    public List<Integer> nodes() {
        return List.copyOf(hosts.keySet());
    }

    @Override
    public NetworkHost shell(int node) {
        return hosts.get(node);
    }

    @Override
    public String peerAddress(int node) {
        SshHost h = hosts.get(node).host();
        return h.existing() != null ? hostOf(h.existing().bootstrap()) : h.listener();
    }

    @Override
    public ClientLink clientLink(int node) {
        String port = Integer.toString(clientPort(node));
        return new ClientLink(controlAddresses.get(node), List.of("-p", "tcp", "--dport", port), List.of("-p", "tcp", "--sport", port));
    }

    @Override
    public List<String> lossMatch(int node) {
        return List.of("-p", "tcp", "-m", "multiport", "--ports", brokerPorts(node));
    }

    @Override
    public String comment() {
        return comment;
    }

    @Override
    public boolean insertFirst() {
        return true;
    }

    private int clientPort(int node) {
        SshHost h = hosts.get(node).host();
        return h.existing() != null ? portOf(h.existing().bootstrap()) : h.clientPort();
    }

    private String brokerPorts(int node) {
        SshHost h = hosts.get(node).host();
        return h.existing() != null ? Integer.toString(clientPort(node)) : h.clientPort() + "," + h.controllerPort();
    }

    private static String hostOf(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 ? hostPort : hostPort.substring(0, colon);
    }

    private static int portOf(String hostPort) {
        return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    }
}
