package io.kchaos.proxy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.common.protocol.ApiKeys;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The proxy's fault state, shared by every connection's filter: the rules switched on, the requests held, where each
 * node's broker really is (for deliveries on the proxy's own connections), and the action log. One per proxy JVM,
 * set up by {@link ProxyMain} before the first connection.
 */
final class Faults {
    private static volatile Faults current;

    private final Map<Integer, String> upstream;
    private final ActionLog log;
    private final Links links;
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final List<Held> held = new CopyOnWriteArrayList<>();
    private final ExecutorService deliveries = Executors.newCachedThreadPool(r -> daemon(r, "kchaos-proxy-delivery"));
    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "kchaos-proxy-deadline"));
    private volatile Set<ApiKeys> requestApis = EnumSet.noneOf(ApiKeys.class);
    private volatile Set<ApiKeys> responseApis = EnumSet.noneOf(ApiKeys.class);

    Faults(Map<Integer, String> upstream, ActionLog log) {
        this.upstream = Map.copyOf(upstream);
        this.log = log;
        this.links = new Links(log);
    }

    static void install(Faults faults) {
        current = faults;
    }

    static Faults get() {
        Faults f = current;
        if (f == null) throw new IllegalStateException("the proxy's fault state is not set up");
        return f;
    }

    ActionLog log() {
        return log;
    }

    /** The link rules and the client connections they act on. */
    Links links() {
        return links;
    }

    /** The node whose broker listens at {@code ip:port}, or -1. */
    int nodeAt(String ipPort) {
        for (Map.Entry<Integer, String> e : upstream.entrySet()) {
            if (e.getValue().equals(ipPort) || e.getValue().equals("localhost" + ipPort.substring(ipPort.lastIndexOf(':')))) return e.getKey();
        }
        return -1;
    }

    void add(Rule rule) {
        if (rule.kind.onLink()) {
            links.add(rule);
            return;
        }
        rules.removeIf(r -> r.id.equals(rule.id));
        rules.add(rule);
        recomputeInterest();
    }

    /** Switches the rule off; what it still holds is delivered now (a held request does arrive in the end). */
    void remove(String id) {
        links.remove(id);
        rules.removeIf(r -> r.id.equals(id));
        for (Held h : held) if (h.rule.id.equals(id)) release(h, "the fault was healed");
        recomputeInterest();
    }

    void clear() {
        links.clear();
        for (Rule r : List.copyOf(rules)) remove(r.id);
    }

    /** The ids of every rule switched on now, request rules then link rules: what the harness reads back after a change. */
    List<String> ruleIds() {
        List<String> ids = new ArrayList<>();
        for (Rule r : rules) ids.add(r.id);
        ids.addAll(links.ids());
        return ids;
    }

    boolean wantsRequest(ApiKeys api) {
        return requestApis.contains(api);
    }

    boolean wantsResponse(ApiKeys api) {
        return responseApis.contains(api);
    }

    /** The first request-side rule that acts on this request, or null. */
    Rule claimRequest(ApiKeys api, int node, String client, String txnId) {
        for (Rule r : rules) if (!r.responses && r.claims(api, node, client, txnId)) return r;
        return null;
    }

    /** The first response-side (delay) rule that acts on this response, or null. */
    Rule claimResponse(ApiKeys api, int node, String client) {
        for (Rule r : rules) if (r.responses && r.claims(api, node, client, null)) return r;
        return null;
    }

    /** Holds the request until its rule's release point or deadline. */
    void hold(Held h) {
        held.add(h);
        recomputeInterest();
        deadlines.schedule(() -> release(h, "its deadline of " + h.rule.holdMs + " ms passed"), h.rule.holdMs, TimeUnit.MILLISECONDS);
    }

    /**
     * A response of {@code api} to {@code client} came back from its broker: releases what waited for it. Returns
     * what completes once those deliveries are done (the filter passes the response on only then, so the held request
     * lands while the client still waits for this response), or null when nothing was released.
     */
    CompletableFuture<Void> responsePassed(ApiKeys api, String client) {
        List<CompletableFuture<Void>> deliveries = new ArrayList<>();
        for (Held h : held) {
            if (h.rule.releaseAfter == api && h.client != null && h.client.equals(client)) {
                CompletableFuture<Void> d = release(h, "the client's next " + api + " was answered by its broker (delivered before the client saw that answer)");
                if (d != null) deliveries.add(d);
            }
        }
        return deliveries.isEmpty() ? null : CompletableFuture.allOf(deliveries.toArray(CompletableFuture[]::new));
    }

    private CompletableFuture<Void> release(Held h, String why) {
        if (!h.release()) return null;
        held.remove(h);
        recomputeInterest();
        long ms = h.heldMs();
        return CompletableFuture.runAsync(() -> log.record(deliver(h.fields, h.node, h.api, h.version, h.frame,
                "held " + ms + " ms until " + why + ", then delivered on the proxy's own connection")), deliveries);
    }

    /** Delivers a copy of a request on a connection of the proxy's own, later, on another thread. */
    void deliverCopy(ActionFields fields, int node, ApiKeys api, short version, byte[] frame) {
        deliveries.execute(() -> log.record(deliver(fields, node, api, version, frame, "delivered a second time on the proxy's own connection")));
    }

    private ObjectNode deliver(ActionFields fields, int node, ApiKeys api, short version, byte[] frame, String did) {
        ObjectNode action = fields.action(did);
        String to = upstream.get(node);
        if (to == null) {
            action.put("did", did.replace("delivered", "could not deliver (unknown node " + node + ")"));
            return action;
        }
        try {
            ObjectNode errors = action.putObject("broker-errors");
            OwnConnection.deliver(to, api, version, frame).forEach(errors::put);
        } catch (Exception e) {
            action.remove("broker-errors");
            action.put("delivery-failed", e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        return action;
    }

    private void recomputeInterest() {
        Set<ApiKeys> req = EnumSet.noneOf(ApiKeys.class);
        Set<ApiKeys> resp = EnumSet.noneOf(ApiKeys.class);
        for (Rule r : rules) {
            if (r.responses) resp.addAll(r.apis);
            else req.addAll(r.apis);
            if (r.kind == Rule.Kind.DROP_RESPONSE) resp.addAll(r.apis);
        }
        List<ApiKeys> release = new ArrayList<>();
        for (Held h : held) if (h.rule.releaseAfter != null) release.add(h.rule.releaseAfter);
        for (Rule r : rules) if (r.releaseAfter != null) release.add(r.releaseAfter);
        resp.addAll(release);
        req.addAll(release); // the filter learns the connection's client id from its requests
        requestApis = req;
        responseApis = resp;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
