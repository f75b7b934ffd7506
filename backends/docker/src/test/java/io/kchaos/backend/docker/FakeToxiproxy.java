package io.kchaos.backend.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.kchaos.history.Json;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of Toxiproxy's HTTP API that kchaos uses, in memory on a loopback port: proxies (create, read, enable,
 * delete) and their toxics (create, update, list, delete). Lets the Toxiproxy client code run without a Toxiproxy image.
 * With {@link #lagReads}, reads after a change still show the state from before it, for a number of reads.
 */
final class FakeToxiproxy implements AutoCloseable {
    /** Proxy name → proxy JSON (with a "toxics" map of name → toxic JSON). */
    final Map<String, ObjectNode> proxies = new LinkedHashMap<>();
    private final HttpServer server;
    private int lag;
    private Map<String, ObjectNode> before;
    private int staleLeft;

    FakeToxiproxy() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/proxies", this::handle);
        server.start();
    }

    /** From the next change on, the {@code reads} reads (GETs) after each change answer from the state before it; 0 is off. */
    synchronized void lagReads(int reads) {
        lag = reads;
    }

    int port() {
        return server.getAddress().getPort();
    }

    /** "enabled" and the toxics of a proxy, e.g. {@code true [kchaos-latency-downstream]}. */
    synchronized String state(String proxy) {
        ObjectNode p = proxies.get(proxy);
        List<String> toxics = new ArrayList<>();
        p.get("toxics").fieldNames().forEachRemaining(toxics::add);
        return p.get("enabled").asBoolean() + " " + toxics;
    }

    synchronized JsonNode toxic(String proxy, String toxic) {
        return proxies.get(proxy).get("toxics").get(toxic);
    }

    private synchronized void handle(HttpExchange ex) throws IOException {
        String[] parts = ex.getRequestURI().getPath().replaceFirst("^/proxies/?", "").split("/");
        String method = ex.getRequestMethod();
        JsonNode body = method.equals("POST") ? Json.MAPPER.readTree(ex.getRequestBody()) : null;
        String proxy = parts[0];
        if (method.equals("GET") && staleLeft > 0) {
            staleLeft--;
            answer(ex, before, proxy, parts, method, body);
            return;
        }
        if (!method.equals("GET") && lag > 0) {
            if (staleLeft == 0) before = copy(proxies);
            staleLeft = lag;
        }
        answer(ex, proxies, proxy, parts, method, body);
    }

    private static Map<String, ObjectNode> copy(Map<String, ObjectNode> state) {
        Map<String, ObjectNode> c = new LinkedHashMap<>();
        state.forEach((k, v) -> c.put(k, v.deepCopy()));
        return c;
    }

    /** Answers the request from {@code proxies} (the live state, or a stale copy for a lagging read). */
    private static void answer(HttpExchange ex, Map<String, ObjectNode> proxies, String proxy, String[] parts, String method,
                               JsonNode body) throws IOException {
        if (proxy.isEmpty() && method.equals("POST")) {
            ObjectNode p = ((ObjectNode) body).put("enabled", true);
            p.putObject("toxics");
            proxies.put(p.get("name").asText(), p);
            reply(ex, 201, p);
            return;
        }
        ObjectNode p = proxies.get(proxy);
        if (p == null) {
            reply(ex, 404, Json.object().put("error", "proxy not found").put("status", 404));
            return;
        }
        ObjectNode toxics = (ObjectNode) p.get("toxics");
        if (parts.length == 1) {
            switch (method) {
                case "GET" -> reply(ex, 200, p);
                case "DELETE" -> {
                    proxies.remove(proxy);
                    reply(ex, 204, null);
                }
                default -> {
                    p.put("enabled", body.get("enabled").asBoolean());
                    reply(ex, 200, p);
                }
            }
        } else if (parts.length == 2) {
            if (method.equals("GET")) {
                ArrayNode all = Json.MAPPER.createArrayNode();
                toxics.elements().forEachRemaining(all::add);
                reply(ex, 200, all);
            } else {
                toxics.set(body.get("name").asText(), body);
                reply(ex, 200, body);
            }
        } else {
            ObjectNode t = (ObjectNode) toxics.get(parts[2]);
            if (method.equals("DELETE")) {
                toxics.remove(parts[2]);
                reply(ex, 204, null);
            } else {
                ((ObjectNode) t.get("attributes")).setAll((ObjectNode) body.get("attributes"));
                reply(ex, 200, t);
            }
        }
    }

    private static void reply(HttpExchange ex, int status, JsonNode body) throws IOException {
        byte[] bytes = body == null ? new byte[0] : Json.MAPPER.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, body == null ? -1 : bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
