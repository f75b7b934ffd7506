package io.kchaos.nemesis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code --nemesis-option KEY=VALUE} settings (scenario key {@code nemesis-options}) that tune individual faults,
 * checked against the keys some fault reads: {@code torn-writes} (true|false, power loss keeps a random 4 KiB-aligned
 * prefix of each file's unsynced bytes), {@code power-loss-nodes} (how many nodes {@code power-loss} cuts at once) and the
 * {@code proxy-*} settings of the protocol faults (README, "Protocol faults").
 */
public record NemesisOptions(Map<String, String> values) {
    /** Every key a fault reads; add yours here. */
    public static final Set<String> KEYS = Set.of("torn-writes", "power-loss-nodes",
            "restart-order", "restart-gap-seconds",
            "proxy-api", "proxy-target", "proxy-release-after", "proxy-hold-ms", "proxy-delay-ms", "proxy-error", "proxy-share", "proxy-responses");

    public NemesisOptions {
        values = Map.copyOf(values);
        Set<String> unknown = new TreeSet<>(values.keySet());
        unknown.removeAll(KEYS);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown --nemesis-option " + unknown + "; known: " + String.join(", ", new TreeSet<>(KEYS)));
        }
    }

    public static NemesisOptions none() {
        return new NemesisOptions(new LinkedHashMap<>());
    }

    /** A true/false setting; IllegalArgumentException on anything else. */
    public boolean flag(String key, boolean otherwise) {
        String v = values.get(key);
        if (v == null) return otherwise;
        if (v.equalsIgnoreCase("true")) return true;
        if (v.equalsIgnoreCase("false")) return false;
        throw new IllegalArgumentException("--nemesis-option " + key + " must be true or false, not '" + v + "'");
    }

    /** One of the {@code allowed} words; IllegalArgumentException on anything else. */
    public String choice(String key, String otherwise, Set<String> allowed) {
        String v = values.getOrDefault(key, otherwise).trim();
        if (allowed.contains(v)) return v;
        throw new IllegalArgumentException("--nemesis-option " + key + " must be one of " + new TreeSet<>(allowed) + ", not '" + v + "'");
    }

    /** A positive integer setting; IllegalArgumentException on anything else. */
    public int positive(String key, int otherwise) {
        String v = values.get(key);
        if (v == null) return otherwise;
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) return n;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("--nemesis-option " + key + " must be a positive integer, not '" + v + "'");
    }

    /** A free-text setting, trimmed, or {@code otherwise}. */
    public String text(String key, String otherwise) {
        String v = values.get(key);
        return v == null || v.isBlank() ? otherwise : v.trim();
    }

    /** A share between 0 (exclusive) and 1 (inclusive); IllegalArgumentException on anything else. */
    public double share(String key, double otherwise) {
        String v = values.get(key);
        if (v == null) return otherwise;
        try {
            double d = Double.parseDouble(v.trim());
            if (d > 0 && d <= 1) return d;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("--nemesis-option " + key + " must be a share in (0, 1], not '" + v + "'");
    }
}
