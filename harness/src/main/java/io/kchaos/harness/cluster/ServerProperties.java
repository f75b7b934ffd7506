package io.kchaos.harness.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Generates a KRaft node's server.properties: combined broker+controller, static voters, kchaos's defaults, then the user's settings. */
public final class ServerProperties {
    private ServerProperties() {
    }

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
        d.put("replica.lag.time.max.ms", "10000");
        return d;
    }

    /** The full file for one node. {@code settings} are the resolved broker settings (defaults + user). */
    public static String render(LocalNode node, Map<Integer, LocalNode> all, Map<String, String> settings) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", Integer.toString(node.id()));
        p.put("controller.quorum.voters", all.values().stream()
                .map(n -> n.id() + "@" + n.host() + ":" + n.controllerPort()).collect(Collectors.joining(",")));
        p.put("listeners", "PLAINTEXT://" + node.host() + ":" + node.clientPort() + ",CONTROLLER://" + node.host() + ":" + node.controllerPort());
        p.put("advertised.listeners", "PLAINTEXT://" + node.host() + ":" + node.clientPort());
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("log.dirs", node.dataDir().toAbsolutePath().toString());
        p.putAll(settings);
        StringBuilder sb = new StringBuilder("# written by kchaos\n");
        p.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sb.toString();
    }
}
