package io.kchaos.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/** Reads an anomaly example's history pointers: its {@code index}, and any other {@code *index}/{@code *indices} fields. */
public final class ExampleFields {
    /** Examples shown per anomaly type (results.json keeps at most 20). */
    public static final int SHOWN = 20;

    private ExampleFields() {
    }

    public static List<JsonNode> shown(Results.Anomaly a) {
        return a.examples().subList(0, Math.min(SHOWN, a.examples().size()));
    }

    public static OptionalLong index(JsonNode example) {
        JsonNode i = example.path("index");
        return i.canConvertToLong() ? OptionalLong.of(i.asLong()) : OptionalLong.empty();
    }

    /** History indices named by fields other than "index", e.g. "read-index" or "indices". */
    public static List<Long> otherIndices(JsonNode example) {
        List<Long> out = new ArrayList<>();
        if (!example.isObject()) return out;
        Iterator<Map.Entry<String, JsonNode>> it = example.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            if (k.equals("index")) continue;
            if (k.endsWith("index") && e.getValue().canConvertToLong()) out.add(e.getValue().asLong());
            if (k.endsWith("indices")) e.getValue().forEach(n -> {
                if (n.canConvertToLong()) out.add(n.asLong());
            });
        }
        return out;
    }

    /** Every history index the shown examples point at. */
    public static Set<Long> allIndices(Results results) {
        Set<Long> out = new TreeSet<>();
        for (Results.Anomaly a : results.anomalies().values()) {
            for (JsonNode ex : shown(a)) {
                index(ex).ifPresent(out::add);
                out.addAll(otherIndices(ex));
            }
        }
        return out;
    }
}
