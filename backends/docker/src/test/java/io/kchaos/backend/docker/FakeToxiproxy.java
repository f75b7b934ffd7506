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
 */
final class FakeToxiproxy implements AutoCloseable {
    /** Proxy name → proxy JSON (with a "toxics" map of name → toxic JSON). */
    final Map<String, ObjectNode> proxies = new LinkedHashMap<>();
    private final HttpServer server;

    FakeToxiproxy() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/proxies", this::handle);
        server.start();
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
