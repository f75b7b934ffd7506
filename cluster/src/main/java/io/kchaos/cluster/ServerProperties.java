package io.kchaos.cluster;

import io.kchaos.cluster.security.ListenerSecurity;
import io.kchaos.nemesis.cluster.NodeRole;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Generates a KRaft node's server.properties: its role (combined broker+controller, broker or controller), where the
 * quorum is (static voters or dynamic bootstrap servers), kchaos's defaults, then the user's settings.
 */
public final class ServerProperties {
    /** The listener the KRaft quorum uses on every backend. */
    public static final String CONTROLLER = "CONTROLLER";

    private ServerProperties() {
    }

    /**
     * Settings Kafka refuses on a node without the controller role ({@code controller.quorum.auto.join.enable}: "only
     * supported when process.roles contains the 'controller' role", even at format): given for every node (as
     * {@code --broker-config} gives them), they go to the controllers only.
     */
    static final Set<String> CONTROLLER_ONLY = Set.of("controller.quorum.auto.join.enable");

    /** Broker settings kchaos applies unless the user overrides them (recorded in run.json). */
    public static Map<String, String> harnessDefaults(int nodes) {
        int rf = Math.min(3, nodes);
        Map<String, String> d = new LinkedHashMap<>();
        d.put("min.insync.replicas", Integer.toString(Math.min(2, nodes)));
        d.put("unclean.leader.election.enable", "false");
        d.put("default.replication.factor", Integer.toString(rf));
        d.put("offsets.topic.replication.factor", Integer.toString(rf));
        d.put("transaction.state.log.replication.factor", Integer.toString(rf));
        d.put("transaction.state.log.min.isr", Integer.toString(Math.min(2, nodes)));
        d.put("auto.create.topics.enable", "false");
        d.put("group.initial.rebalance.delay.ms", "0");
        // KIP-848 groups (the group workload on 4.0+) get the classic members' 6 s session and 1.5 s heartbeat:
        // under the consumer protocol the broker owns both (defaults 45 s / 5 s, and so are the minimums)
        d.put("group.consumer.min.session.timeout.ms", "6000");
        d.put("group.consumer.session.timeout.ms", "6000");
        d.put("group.consumer.min.heartbeat.interval.ms", "1500");
        d.put("group.consumer.heartbeat.interval.ms", "1500");
        d.put("replica.lag.time.max.ms", "10000");
        // a KRaft snapshot of the metadata log every 10 s of new records (Kafka's default: an hour or 20 MB), so every
        // run's Raft audit has snapshots to check against the log they summarise
        d.put("metadata.log.max.snapshot.interval.ms", "10000");
        return d;
    }

    /** The full file for one combined node of any backend, its static voters from {@code all}. */
    public static String render(NodeListeners node, Collection<NodeListeners> all, Map<String, String> settings) {
        return render(node, NodeRole.COMBINED, QuorumVoters.of(List.copyOf(all), QuorumMode.STATIC), settings);
    }

    /**
     * The full file for one node of {@code role}: a controller binds only its {@code CONTROLLER} listener and
     * advertises nothing else, a broker binds every listener but {@code CONTROLLER}, a combined node binds them all.
     */
    public static String render(NodeListeners node, NodeRole role, QuorumVoters quorum, Map<String, String> settings) {
        return render(node, role, quorum, settings, ListenerSecurity.PLAINTEXT);
    }

    /**
     * The full file for one node of {@code role} whose every listener (controller and inter-broker too) is secured as
     * {@code security} says, its settings before the user's (which may override them).
     */
    public static String render(NodeListeners node, NodeRole role, QuorumVoters quorum, Map<String, String> settings,
                                ListenerSecurity security) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", role.processRoles());
        p.put("node.id", Integer.toString(node.id()));
        p.putAll(quorum.settings());
        Map<String, String> bind = new LinkedHashMap<>(node.bind());
        if (!role.controller()) bind.remove(CONTROLLER);
        if (!role.broker()) bind.keySet().retainAll(List.of(CONTROLLER));
        p.put("listeners", join(bind));
        if (role.broker()) p.put("advertised.listeners", join(node.advertised()));
        p.put("controller.listener.names", CONTROLLER);
        if (role.broker()) p.put("inter.broker.listener.name", node.interBroker());
        p.put("listener.security.protocol.map", node.bind().keySet().stream().map(l -> l + ":" + security.protocol()).collect(Collectors.joining(",")));
        p.put("log.dirs", String.join(",", node.logDirs()));
        p.putAll(security.settings(node.bind().keySet(), CONTROLLER));
        p.putAll(settings);
        if (!role.controller()) p.keySet().removeAll(CONTROLLER_ONLY);
        if (role.broker() && "true".equals(p.get(TieredStorage.SYSTEM_ENABLE))) {
            p.putIfAbsent(TieredStorage.METADATA_LISTENER, node.interBroker()); // the backend's listener: PLAINTEXT, REPLICATION
        }
        StringBuilder sb = new StringBuilder("# written by kchaos\n");
        p.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sb.toString();
    }

    private static String join(Map<String, String> listeners) {
        return listeners.entrySet().stream().map(e -> e.getKey() + "://" + e.getValue()).collect(Collectors.joining(","));
    }
}
