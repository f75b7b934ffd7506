package io.kchaos.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.kchaos.history.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/** The run's identity and configuration from run.json; every accessor answers "unknown" (or empty) when the field or the file is missing. */
public final class RunInfo {
    private final JsonNode root;
    private final String problem;

    private RunInfo(JsonNode root, String problem) {
        this.root = root;
        this.problem = problem;
    }

    /** Reads run.json; a missing or malformed file gives an empty RunInfo whose {@link #problem()} says why. */
    public static RunInfo read(Path file) {
        if (!Files.isRegularFile(file)) return new RunInfo(MissingNode.getInstance(), "run.json not found");
        try {
            JsonNode n = Json.MAPPER.readTree(file.toFile());
            if (n == null || !n.isObject()) return new RunInfo(MissingNode.getInstance(), "run.json is not a JSON object");
            return new RunInfo(n, null);
        } catch (IOException e) {
            return new RunInfo(MissingNode.getInstance(), "run.json is unreadable: " + firstLine(e.getMessage()));
        }
    }

    static String firstLine(String s) {
        if (s == null) return "no detail";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Why run.json could not be used, or null. */
    public String problem() {
        return problem;
    }

    /** A field as display text: scalars as is, arrays joined with ", ", objects as JSON; "unknown" when missing or null. */
    public String text(String field) {
        JsonNode n = root.path(field);
        if (n.isMissingNode() || n.isNull()) return Format.UNKNOWN;
        if (n.isValueNode()) return Format.orUnknown(n.asText());
        if (n.isArray()) {
            StringBuilder b = new StringBuilder();
            n.forEach(e -> b.append(b.length() == 0 ? "" : ", ").append(e.isValueNode() ? e.asText() : e.toString()));
            return b.length() == 0 ? "(none)" : b.toString();
        }
        return n.toString();
    }

    public OptionalDouble number(String field) {
        JsonNode n = root.path(field);
        return n.isNumber() ? OptionalDouble.of(n.asDouble()) : OptionalDouble.empty();
    }

    /** A key/value section such as broker-config, sorted by key; empty when missing. */
    public Map<String, String> config(String field) {
        Map<String, String> out = new TreeMap<>();
        JsonNode n = root.path(field);
        if (!n.isObject()) return out;
        Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString());
        }
        return out;
    }

    /** One effective setting and where it came from ({@code user}, {@code scenario} or {@code kchaos}). */
    public record Setting(String value, String from) {
    }

    /**
     * The effective settings of {@code kind} ({@code broker}, {@code producer}, {@code consumer}) from run.json's
     * {@code effective-settings}, sorted by key; empty when the run.json predates them.
     */
    public Map<String, Setting> effectiveSettings(String kind) {
        Map<String, Setting> out = new TreeMap<>();
        JsonNode n = root.path("effective-settings").path(kind);
        for (Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), new Setting(e.getValue().path("value").asText(), e.getValue().path("from").asText(Format.UNKNOWN)));
        }
        return out;
    }

    /** The run's display name: name, else scenario, else "run". */
    public String displayName() {
        for (String f : new String[] {"name", "scenario"}) {
            String s = text(f);
            if (!Format.UNKNOWN.equals(s)) return s;
        }
        return "run";
    }
}
