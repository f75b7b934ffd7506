package io.kchaos.nemesis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code --nemesis-option KEY=VALUE} settings (scenario key {@code nemesis-options}) that tune individual faults,
 * checked against the declared keys; keys, defaults and meanings are declared once, in {@link NemesisSettings}.
 */
public record NemesisOptions(Map<String, String> values) {
    /** Every key the schedule or a fault reads. */
    public static final Set<String> KEYS = NemesisSettings.byKey().keySet();

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
    public boolean flag(String key) {
        String v = values.getOrDefault(key, defaultOf(key));
        if (v.equalsIgnoreCase("true")) return true;
        if (v.equalsIgnoreCase("false")) return false;
        throw new IllegalArgumentException("--nemesis-option " + key + " must be true or false, not '" + v + "'");
    }

    /** One of the {@code allowed} words; IllegalArgumentException on anything else. */
    public String choice(String key, Set<String> allowed) {
        String v = values.getOrDefault(key, defaultOf(key)).trim();
        if (allowed.contains(v)) return v;
        throw new IllegalArgumentException("--nemesis-option " + key + " must be one of " + new TreeSet<>(allowed) + ", not '" + v + "'");
    }

    /** A positive integer setting; IllegalArgumentException on anything else. */
    public int positive(String key) {
        return atLeast(key, 1, "a positive integer");
    }

    /** An integer setting of 0 or more; IllegalArgumentException on anything else. */
    public int nonNegative(String key) {
        return atLeast(key, 0, "an integer of 0 or more");
    }

    private int atLeast(String key, int min, String what) {
        String v = values.getOrDefault(key, defaultOf(key));
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= min) return n;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("--nemesis-option " + key + " must be " + what + ", not '" + v + "'");
    }

    /** A free-text setting, trimmed, or the catalogue's default (null when it declares none). */
    public String text(String key) {
        String v = values.getOrDefault(key, defaultOf(key));
        return v == null || v.isBlank() ? null : v.trim();
    }

    /** A share between 0 (exclusive) and 1 (inclusive); IllegalArgumentException on anything else. */
    public double share(String key) {
        String v = values.getOrDefault(key, defaultOf(key));
        try {
            double d = Double.parseDouble(v.trim());
            if (d > 0 && d <= 1) return d;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("--nemesis-option " + key + " must be a share in (0, 1], not '" + v + "'");
    }

    /** The default the catalogue declares for {@code key}; IllegalStateException for a key no fault declares. */
    private static String defaultOf(String key) {
        NemesisSetting o = NemesisSettings.byKey().get(key);
        if (o == null) throw new IllegalStateException("no --nemesis-option " + key + " is declared (NemesisSettings)");
        return o.defaultValue();
    }
}
