package io.kchaos.workload.common;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A workload's {@code --workload-option KEY=VALUE} settings, checked against the keys it knows: an unknown key or a
 * value that does not parse is an IllegalArgumentException with a one-line reason.
 */
public final class WorkloadOptions {
    private final String workload;
    private final Map<String, String> values;

    private WorkloadOptions(String workload, Map<String, String> values) {
        this.workload = workload;
        this.values = values;
    }

    /** The options, refusing any key not in {@code known}. */
    public static WorkloadOptions of(String workload, Map<String, String> values, Set<String> known) {
        for (String k : values.keySet()) {
            if (!known.contains(k)) {
                throw new IllegalArgumentException("unknown option '" + k + "' for workload " + workload + "; known: "
                        + String.join(", ", new TreeSet<>(known)));
            }
        }
        return new WorkloadOptions(workload, Map.copyOf(values));
    }

    /** A number in [min, max], or the fallback when absent. */
    public double number(String key, double fallback, double min, double max) {
        return bounded(key, fallback, min, max, Double::parseDouble, "a number");
    }

    /** A whole number in [min, max], or the fallback when absent. */
    public int whole(String key, int fallback, int min, int max) {
        return bounded(key, fallback, min, max, Integer::parseInt, "a whole number");
    }

    private <T extends Comparable<T>> T bounded(String key, T fallback, T min, T max, Function<String, T> parse, String what) {
        String v = values.get(key);
        if (v == null) return fallback;
        try {
            T n = parse.apply(v.trim());
            if (n.compareTo(min) >= 0 && n.compareTo(max) <= 0) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(workload + " option " + key + " must be " + what + " from " + min + " to " + max
                + ", not '" + v + "'");
    }

    /** One of the allowed words, or the fallback when absent. */
    public String choice(String key, String fallback, Set<String> allowed) {
        String v = values.get(key);
        if (v == null) return fallback;
        if (allowed.contains(v.trim())) return v.trim();
        throw new IllegalArgumentException(workload + " option " + key + " must be one of " + new TreeSet<>(allowed)
                + ", not '" + v + "'");
    }
}
