package io.kchaos.harness.matrix;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * One varied setting of a matrix, from {@code --set KEY=V1,V2,...} (or {@code --kafka-version V1,V2}): its key as
 * written, where it is routed, and its values in order.
 */
public record MatrixAxis(String key, SettingsRouter.Route route, List<String> values) {
    /** The key of the Kafka-version axis. */
    public static final String KAFKA_VERSION = "kafka-version";

    /**
     * Parses {@code KEY=V1,V2,...}.
     *
     * @throws IllegalArgumentException (one line) on a malformed or ambiguous setting
     */
    public static MatrixAxis parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0) throw new IllegalArgumentException("--set '" + spec + "' must look like KEY=VALUE[,VALUE...]");
        String key = spec.substring(0, eq).strip();
        return of(key, List.of(spec.substring(eq + 1).split(",", -1)));
    }

    /** An axis from a key and its values (blank values and duplicates refused). */
    public static MatrixAxis of(String key, List<String> rawValues) {
        List<String> values = new ArrayList<>();
        for (String v : rawValues) {
            String s = v.strip();
            if (s.isEmpty()) throw new IllegalArgumentException("--set " + key + ": empty value in '" + String.join(",", rawValues) + "'");
            values.add(s);
        }
        if (values.isEmpty()) throw new IllegalArgumentException("--set " + key + ": no values");
        if (new LinkedHashSet<>(values).size() != values.size()) throw new IllegalArgumentException("--set " + key + ": a value is repeated");
        return new MatrixAxis(key, SettingsRouter.route(key), List.copyOf(values));
    }

    /** True when a selector key names this axis: as written, without its routing prefix, or routed to the same place. */
    public boolean named(String selectorKey) {
        if (key.equals(selectorKey) || route.key().equals(selectorKey)) return true;
        try {
            return route.equals(SettingsRouter.route(selectorKey));
        } catch (IllegalArgumentException ambiguous) {
            return false;
        }
    }
}
