package io.kchaos.harness.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.ConsistencyModels;
import io.kchaos.harness.run.RunOption;
import io.kchaos.harness.run.WorkloadKind;
import io.kchaos.harness.run.WorkloadMix;
import io.kchaos.history.Json;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Reads a scenario file: a JSON object of the three descriptive keys ({@code name}, {@code description},
 * {@code expected}) and the scenario keys of {@link RunOption}'s table, each of its type. Every error is one line
 * naming the source and the field.
 */
public final class ScenarioParser {
    private static final List<String> DESCRIPTIVE = List.of("name", "description", "expected");

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
        Map<RunOption, Object> options = new LinkedHashMap<>();
        for (var it = root.properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            String key = e.getKey();
            if (DESCRIPTIVE.contains(key)) {
                if (!e.getValue().isTextual()) throw wrongType(key, RunOption.Kind.STRING, e.getValue(), source);
                String value = e.getValue().asText();
                switch (key) {
                    case "name" -> name = value;
                    case "description" -> description = value;
                    default -> expected = value;
                }
                continue;
            }
            RunOption o = RunOption.byScenarioKey(key).orElseThrow(() -> error(source, "unknown field '" + key + "'; known: "
                    + String.join(", ", knownKeys())));
            options.put(o, value(o, e.getValue(), source));
        }
        if (name == null || name.isBlank()) throw error(source, "field 'name' must not be empty");
        checkWorkloadOptions(options, source);
        checkConsistencyModel(options, source);
        return new Scenario(name, description, expected, source, options);
    }

    /**
     * Checks the file's {@code workload-options} against what its workload declares; when it names no workload (the
     * command line may), each must be one some workload accepts. An unknown workload is left to the run, which names
     * the known ones.
     */
    private static void checkWorkloadOptions(Map<RunOption, Object> options, String source) {
        Object given = options.get(RunOption.WORKLOAD_OPTIONS);
        if (given == null) return;
        @SuppressWarnings("unchecked")
        Map<String, String> values = (Map<String, String>) given;
        Object workload = options.get(RunOption.WORKLOAD);
        String field = "field '" + RunOption.WORKLOAD_OPTIONS.scenarioKey() + "': ";
        if (workload instanceof String mix && mix.contains(",")) {
            try {
                WorkloadMix.of(mix).checkOptions(values);
            } catch (IllegalArgumentException e) {
                throw error(source, field + e.getMessage());
            }
            return;
        }
        List<WorkloadKind> candidates = workload == null ? List.of(WorkloadKind.values())
                : WorkloadKind.named((String) workload).stream().toList();
        values.forEach((key, value) -> {
            List<WorkloadKind> declaring = candidates.stream().filter(k -> k.options().option(key).isPresent()).toList();
            if (declaring.isEmpty() && candidates.size() > 1) {
                throw error(source, field + "unknown option '" + key + "' for any workload; known: " + String.join(", ",
                        candidates.stream().flatMap(k -> k.options().keys().stream()).collect(Collectors.toCollection(TreeSet::new))));
            }
            IllegalArgumentException refusal = null;
            for (WorkloadKind k : declaring.isEmpty() ? candidates : declaring) {
                try {
                    k.options().check(Map.of(key, value));
                    return;
                } catch (IllegalArgumentException e) {
                    if (refusal == null) refusal = e;
                }
            }
            if (refusal != null) throw error(source, field + refusal.getMessage());
        });
    }

    /** Checks the file's {@code consistency-model} is a model kchaos knows, as {@code --consistency-model} is checked. */
    private static void checkConsistencyModel(Map<RunOption, Object> options, String source) {
        Object name = options.get(RunOption.CONSISTENCY_MODEL);
        if (name == null) return;
        try {
            ConsistencyModels.named((String) name);
        } catch (IllegalArgumentException e) {
            throw error(source, "field '" + RunOption.CONSISTENCY_MODEL.scenarioKey() + "': " + e.getMessage());
        }
    }

    /** Every key a scenario file may have, the descriptive ones first. */
    public static List<String> knownKeys() {
        List<String> keys = new ArrayList<>(DESCRIPTIVE);
        Arrays.stream(RunOption.values()).map(RunOption::scenarioKey).forEach(keys::add);
        return keys;
    }

    private static Object value(RunOption f, JsonNode v, String source) {
        return switch (f.kind()) {
            case STRING -> {
                if (!v.isTextual()) throw wrongType(f, v, source);
                yield v.asText();
            }
            case BOOLEAN -> {
                if (!v.isBoolean()) throw wrongType(f, v, source);
                yield v.booleanValue();
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

    private static List<String> stringList(RunOption f, JsonNode v, String source) {
        if (v.isTextual()) return List.of(v.asText().split("\\s*,\\s*"));
        if (!v.isArray() || v.isEmpty()) throw wrongType(f, v, source);
        List<String> out = new ArrayList<>();
        for (JsonNode x : v) {
            if (!x.isTextual()) throw error(source, "field '" + f.scenarioKey() + "': every element must be a string, not " + describe(x));
            out.add(x.asText());
        }
        return out;
    }

    private static Map<String, String> stringMap(RunOption f, JsonNode v, String source) {
        if (!v.isObject()) throw wrongType(f, v, source);
        Map<String, String> out = new LinkedHashMap<>();
        for (var it = v.properties().iterator(); it.hasNext(); ) {
            var e = it.next();
            JsonNode x = e.getValue();
            if (!(x.isTextual() || x.isNumber() || x.isBoolean())) {
                throw error(source, "field '" + f.scenarioKey() + "." + e.getKey() + "' must be a string, number or boolean, not " + describe(x));
            }
            out.put(e.getKey(), x.asText());
        }
        return out;
    }

    private static IllegalArgumentException wrongType(RunOption f, JsonNode v, String source) {
        return wrongType(f.scenarioKey(), f.kind(), v, source);
    }

    private static IllegalArgumentException wrongType(String key, RunOption.Kind kind, JsonNode v, String source) {
        return error(source, "field '" + key + "' must be " + kind.description() + ", not " + describe(v));
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
