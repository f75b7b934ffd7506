package io.kchaos.proxy;

import io.netty.channel.Channel;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The link rules switched on (latency, bandwidth, slice, reset, black hole) and the client connections they act on:
 * each connection gets its {@link LinkToxics} handler when its filter first sees a request, a reset rule resets the
 * node's connections as it comes on, and switching a rule off has each connection record what the rule did to it.
 */
final class Links {
    private final ActionLog log;
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final Set<LinkToxics> connections = ConcurrentHashMap.newKeySet();

    Links(ActionLog log) {
        this.log = log;
    }

    ActionLog log() {
        return log;
    }

    /** Puts the link toxics first in the client channel's pipeline; they act on every byte from now on. */
    void attach(Channel client, int node, String connection, String clientId) {
        LinkToxics t = new LinkToxics(this, node, connection, clientId);
        connections.add(t);
        client.closeFuture().addListener(f -> connections.remove(t));
        client.pipeline().addFirst("kchaos-link-toxics", t);
        for (Rule r : rules) if (r.kind == Rule.Kind.RESET && r.onNode(node)) client.eventLoop().execute(() -> t.reset(r));
    }

    /** The link rules acting on a connection of {@code node} now. */
    List<Rule> on(int node) {
        if (rules.isEmpty()) return List.of();
        return rules.stream().filter(r -> r.onNode(node)).toList();
    }

    void add(Rule rule) {
        rules.removeIf(r -> r.id.equals(rule.id));
        rules.add(rule);
        if (rule.kind == Rule.Kind.RESET) for (LinkToxics t : connections) if (rule.onNode(t.node)) t.onLoop(() -> t.reset(rule));
    }

    /** The ids of the link rules switched on. */
    List<String> ids() {
        return rules.stream().map(r -> r.id).toList();
    }

    /** Switches every link rule off. */
    void clear() {
        for (Rule r : List.copyOf(rules)) remove(r.id);
    }

    void remove(String id) {
        for (Rule r : rules) {
            if (!r.id.equals(id)) continue;
            rules.remove(r);
            for (LinkToxics t : connections) t.onLoop(() -> t.healed(r));
        }
    }
}
