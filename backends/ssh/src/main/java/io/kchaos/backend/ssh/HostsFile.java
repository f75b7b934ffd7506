package io.kchaos.backend.ssh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hosts of an SSH cluster, from {@code --hosts h1,h2,h3} (deploy mode, node ids 1..n) or from a hosts file
 * (JSON, documented in docs/ssh.md): {@code mode} ({@code deploy} or {@code existing}), an {@code ssh} section of
 * defaults, and {@code hosts}, one object per node. Bad input throws IllegalArgumentException with one line.
 */
public final class HostsFile {
    private static final Set<String> SSH_KEYS = Set.of("user", "port", "key", "dir", "java");
    private static final Set<String> HOST_KEYS = Set.of("id", "address", "user", "port", "key", "dir", "java", "listener",
            "client-port", "controller-port", "broker-config", "start", "stop", "pid", "data-dirs", "bootstrap");

    private HostsFile() {
    }

    /** Whether the hosts run brokers kchaos installs, or brokers that are already installed and managed. */
    public enum Mode { DEPLOY, EXISTING }

    /** The parsed hosts and mode. */
    public record Plan(Mode mode, List<SshHost> hosts) {
    }

    /** {@code --hosts a,b,c}: deploy mode, node ids in order from 1. */
    public static Plan fromList(String csv, SshDefaults d) {
        List<SshHost> hosts = new ArrayList<>();
        int id = 1;
        for (String a : csv.split(",")) {
            if (a.isBlank()) throw new IllegalArgumentException("--hosts has an empty entry: '" + csv + "'");
            String addr = a.strip();
            hosts.add(new SshHost(id++, addr, d.port(), d.user(), d.key(), d.dir(), addr, d.java(), SshDefaults.CLIENT_PORT,
                    SshDefaults.CONTROLLER_PORT, Map.of(), null));
        }
        return new Plan(Mode.DEPLOY, hosts);
    }

    public static Plan read(Path file, SshDefaults d) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read hosts file " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (root == null || !root.isObject()) throw new IllegalArgumentException("hosts file " + file + ": not a JSON object");
        String modeText = root.path("mode").asText("deploy");
        Mode mode = switch (modeText) {
            case "deploy" -> Mode.DEPLOY;
            case "existing" -> Mode.EXISTING;
            default -> throw new IllegalArgumentException("hosts file " + file + ": mode must be deploy or existing, not '" + modeText + "'");
        };
        JsonNode ssh = root.path("ssh");
        unknownKeys(ssh, SSH_KEYS, file + ": ssh");
        SshDefaults merged = new SshDefaults(text(ssh, "user", d.user()), path(ssh, "key", d.key()), ssh.path("port").asInt(d.port()),
                text(ssh, "dir", d.dir()), text(ssh, "java", d.java()));
        JsonNode list = root.path("hosts");
        if (!list.isArray() || list.isEmpty()) throw new IllegalArgumentException("hosts file " + file + ": \"hosts\" must be a non-empty list");
        List<SshHost> hosts = new ArrayList<>();
        Set<Integer> ids = new HashSet<>();
        int next = 1;
        for (JsonNode h : list) {
            String where = file + ": host " + (hosts.size() + 1);
            unknownKeys(h, HOST_KEYS, where);
            int id = h.path("id").asInt(next);
            next = id + 1;
            if (!ids.add(id)) throw new IllegalArgumentException(where + ": node id " + id + " appears twice");
            String address = text(h, "address", null);
            if (address == null) throw new IllegalArgumentException(where + ": \"address\" is missing");
            Map<String, String> overrides = new LinkedHashMap<>();
            h.path("broker-config").properties().forEach(e -> overrides.put(e.getKey(), e.getValue().asText()));
            SshHost.Existing existing = mode == Mode.EXISTING ? existing(h, where) : null;
            hosts.add(new SshHost(id, address, h.path("port").asInt(merged.port()), text(h, "user", merged.user()),
                    path(h, "key", merged.key()), text(h, "dir", merged.dir()), text(h, "listener", address),
                    text(h, "java", merged.java()), h.path("client-port").asInt(SshDefaults.CLIENT_PORT),
                    h.path("controller-port").asInt(SshDefaults.CONTROLLER_PORT), overrides, existing));
        }
        return new Plan(mode, hosts);
    }

    private static SshHost.Existing existing(JsonNode h, String where) {
        List<String> missing = new ArrayList<>();
        for (String k : List.of("start", "stop", "pid", "data-dirs", "bootstrap")) if (h.path(k).isMissingNode()) missing.add(k);
        if (!missing.isEmpty()) throw new IllegalArgumentException(where + ": existing mode needs " + String.join(", ", missing));
        List<String> dirs = new ArrayList<>();
        h.path("data-dirs").forEach(x -> dirs.add(x.asText()));
        if (dirs.isEmpty()) throw new IllegalArgumentException(where + ": \"data-dirs\" must list the broker's log.dirs");
        return new SshHost.Existing(h.path("start").asText(), h.path("stop").asText(), h.path("pid").asText(), dirs,
                h.path("bootstrap").asText());
    }

    private static void unknownKeys(JsonNode node, Set<String> known, String where) {
        node.fieldNames().forEachRemaining(k -> {
            if (!known.contains(k)) throw new IllegalArgumentException(where + ": unknown key \"" + k + "\"; known: " + new java.util.TreeSet<>(known));
        });
    }

    private static String text(JsonNode n, String key, String fallback) {
        JsonNode v = n.get(key);
        return v == null || v.isNull() ? fallback : v.asText();
    }

    private static Path path(JsonNode n, String key, Path fallback) {
        String v = text(n, key, null);
        return v == null ? fallback : Path.of(v.startsWith("~/") ? System.getProperty("user.home") + v.substring(1) : v);
    }
}
