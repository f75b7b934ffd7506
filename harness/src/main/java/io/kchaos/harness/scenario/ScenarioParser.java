package io.kchaos.harness.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a scenario file and checks it against {@link ScenarioField}: a JSON object, known keys only, each of its
 * type. Every error is one line naming the source and the field.
 */
public final class ScenarioParser {
    private ScenarioParser() {
    }

    /**
     * @param text        the file's content
     * @param source      where it came from, for messages
     * @param defaultName the name when the file has no {@code name}
     * @throws IllegalArgumentException (one line) on any problem
     */
    public static Scenario parse(String text, String source, String defaultName) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw error(source, "not valid JSON" + where + ": " + e.getOriginalMessage().replaceAll("\\s*\\R\\s*", " "));
        }
        if (root == null || !root.isObject()) throw error(source, "must be a JSON object { ... }");
        String name = defaultName;
        String description = "";
        String expected = "";
        Map<ScenarioField, Object> options = new LinkedHashMap<>();
        for (var it = root.properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            ScenarioField f = ScenarioField.byKey(e.getKey()).orElseThrow(() -> error(source, "unknown field '" + e.getKey()
                    + "'; known: " + String.join(", ", java.util.Arrays.stream(ScenarioField.values()).map(ScenarioField::key).toList())));
            Object v = value(f, e.getValue(), source);
            switch (f) {
                case NAME -> name = (String) v;
                case DESCRIPTION -> description = (String) v;
                case EXPECTED -> expected = (String) v;
                default -> options.put(f, v);
            }
        }
        if (name == null || name.isBlank()) throw error(source, "field 'name' must not be empty");
        return new Scenario(name, description, expected, source, options);
    }

    private static Object value(ScenarioField f, JsonNode v, String source) {
        return switch (f.kind()) {
            case STRING -> {
                if (!v.isTextual()) throw wrongType(f, v, source);
                yield v.asText();
            }
            case INT -> {
                if (!v.isIntegralNumber() || !v.canConvertToInt()) throw wrongType(f, v, source);
                yield v.intValue();
            }
            case LONG -> {
                if (!v.isIntegralNumber() || !v.canConvertToLong()) throw wrongType(f, v, source);
                yield v.longValue();
            }
            case NUMBER -> {
                if (!v.isNumber()) throw wrongType(f, v, source);
                yield v.doubleValue();
            }
            case STRING_LIST -> stringList(f, v, source);
            case STRING_MAP -> stringMap(f, v, source);
        };
    }

    private static List<String> stringList(ScenarioField f, JsonNode v, String source) {
        if (v.isTextual()) return List.of(v.asText().split("\\s*,\\s*"));
        if (!v.isArray() || v.isEmpty()) throw wrongType(f, v, source);
        List<String> out = new ArrayList<>();
        for (JsonNode x : v) {
            if (!x.isTextual()) throw error(source, "field '" + f.key() + "': every element must be a string, not " + describe(x));
            out.add(x.asText());
        }
        return out;
    }

    private static Map<String, String> stringMap(ScenarioField f, JsonNode v, String source) {
        if (!v.isObject()) throw wrongType(f, v, source);
        Map<String, String> out = new LinkedHashMap<>();
        for (var it = v.properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            JsonNode x = e.getValue();
            if (!(x.isTextual() || x.isNumber() || x.isBoolean())) {
                throw error(source, "field '" + f.key() + "." + e.getKey() + "' must be a string, number or boolean, not " + describe(x));
            }
            out.put(e.getKey(), x.asText());
        }
        return out;
    }

    private static IllegalArgumentException wrongType(ScenarioField f, JsonNode v, String source) {
        return error(source, "field '" + f.key() + "' must be " + f.kind().description() + ", not " + describe(v));
    }

    private static String describe(JsonNode v) {
        if (v.isTextual()) return "the string \"" + v.asText() + "\"";
        if (v.isNumber()) return "the number " + v.asText();
        if (v.isBoolean()) return v.asText();
        if (v.isNull()) return "null";
        if (v.isArray()) return v.isEmpty() ? "an empty array" : "an array";
        return "an object";
    }

    private static IllegalArgumentException error(String source, String message) {
        return new IllegalArgumentException("scenario " + source + ": " + message);
    }
}
