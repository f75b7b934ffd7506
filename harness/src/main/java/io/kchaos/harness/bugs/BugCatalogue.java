package io.kchaos.harness.bugs;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.harness.scenario.Scenarios;
import io.kchaos.history.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The known-bug pack's catalogue: {@code bugs/known-bugs.json} at the repository root, on the class path as
 * {@code bugs/known-bugs.json}, parsed into {@link KnownBug}s and checked (known fields, ranges, anomaly keys of the
 * catalogue, shipped scenarios).
 */
public final class BugCatalogue {
    static final String RESOURCE = "/bugs/known-bugs.json";
    private static final Set<String> FIELDS = Set.of("id", "title", "kind", "link", "affected", "fixed-in", "confirm-fixed", "client",
            "scenario", "options", "anomalies", "tries", "budget-seconds", "seed", "cannot-judge", "hazard");

    private BugCatalogue() {
    }

    /** The shipped catalogue. */
    public static List<KnownBug> shipped() {
        try (InputStream in = BugCatalogue.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("the known-bug catalogue " + RESOURCE + " is not on the class path");
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "classpath:" + RESOURCE.substring(1));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses a catalogue's text.
     *
     * @throws IllegalArgumentException (one line, naming {@code source} and the entry) when it is not a valid catalogue
     */
    public static List<KnownBug> parse(String json, String source) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException(source + " is not JSON: " + e.getMessage().replaceAll("\\s*\\R\\s*", " "));
        }
        if (!root.path("bugs").isArray()) throw new IllegalArgumentException(source + ": no \"bugs\" array");
        List<KnownBug> out = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (JsonNode n : root.path("bugs")) {
            String where = source + ", entry " + (out.size() + 1) + (n.hasNonNull("id") ? " (" + n.path("id").asText() + ")" : "");
            KnownBug b = entry(n, where);
            if (!ids.add(b.id().toLowerCase(Locale.ROOT))) throw new IllegalArgumentException(where + ": id " + b.id() + " appears twice");
            out.add(b);
        }
        return List.copyOf(out);
    }

    private static KnownBug entry(JsonNode n, String where) {
        n.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) throw new IllegalArgumentException(where + ": unknown field \"" + f + "\"; known: " + String.join(", ", FIELDS.stream().sorted().toList()));
        });
        try {
            String kind = text(n, "kind", true);
            if (!kind.equals("bug") && !kind.equals("configuration")) throw new IllegalArgumentException("kind must be bug or configuration");
            String scenario = text(n, "scenario", false);
            String cannotJudge = text(n, "cannot-judge", false);
            if ((scenario == null) == (cannotJudge == null)) throw new IllegalArgumentException("give either scenario or cannot-judge");
            List<String> anomalies = strings(n, "anomalies");
            for (String a : anomalies) {
                if (Anomalies.lookup(a).isEmpty()) throw new IllegalArgumentException("anomaly '" + a + "' is not in the catalogue (kchaos anomalies)");
            }
            int tries = 0;
            int budget = 0;
            String hazard = text(n, "hazard", false);
            if (hazard != null && (scenario == null || !hazard.matches("[a-z0-9-]+(\\.[a-z0-9-]+)*"))) {
                throw new IllegalArgumentException("\"hazard\" names a figure under results' stats, e.g. txn.producers.ends-across-coordinator-kill, of an entry with a scenario");
            }
            if (scenario != null) {
                Scenarios.load(scenario);
                if (anomalies.isEmpty()) throw new IllegalArgumentException("a runnable entry names at least one anomaly");
                tries = positive(n, "tries");
                budget = positive(n, "budget-seconds");
            }
            List<VersionRange> affected = ranges(n, "affected");
            if (affected.isEmpty()) throw new IllegalArgumentException("affected names no range");
            return new KnownBug(text(n, "id", true), text(n, "title", true), kind, text(n, "link", true), affected, text(n, "fixed-in", true),
                    ranges(n, "confirm-fixed"), text(n, "client", false), scenario, strings(n, "options"), anomalies, tries, budget, seed(n),
                    cannotJudge, hazard);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
    }

    private static String text(JsonNode n, String field, boolean required) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            if (required) throw new IllegalArgumentException("\"" + field + "\" is required");
            return null;
        }
        if (!v.isTextual() || v.asText().isBlank()) throw new IllegalArgumentException("\"" + field + "\" must be a non-empty string");
        return v.asText();
    }

    private static List<String> strings(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) return List.of();
        if (!v.isArray()) throw new IllegalArgumentException("\"" + field + "\" must be an array of strings");
        List<String> out = new ArrayList<>();
        for (JsonNode x : v) {
            if (!x.isTextual()) throw new IllegalArgumentException("\"" + field + "\" must be an array of strings");
            out.add(x.asText());
        }
        return out;
    }

    private static List<VersionRange> ranges(JsonNode n, String field) {
        return strings(n, field).stream().map(VersionRange::parse).toList();
    }

    private static Long seed(JsonNode n) {
        JsonNode v = n.get("seed");
        if (v == null || v.isNull()) return null;
        if (!v.isIntegralNumber() || !v.canConvertToLong()) throw new IllegalArgumentException("\"seed\" must be a whole number");
        return v.asLong();
    }

    private static int positive(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
            throw new IllegalArgumentException("\"" + field + "\" must be a whole number >= 1");
        }
        return v.asInt();
    }

    /**
     * The entries a {@code --bug ID[,ID...]} filter names (case-insensitive), in catalogue order; every entry for an
     * empty filter.
     *
     * @throws IllegalArgumentException (one line) naming an id the catalogue does not hold
     */
    public static List<KnownBug> select(List<KnownBug> all, List<String> ids) {
        if (ids.isEmpty()) return all;
        Set<String> wanted = new LinkedHashSet<>();
        for (String id : ids) {
            String key = id.strip().toLowerCase(Locale.ROOT);
            if (all.stream().noneMatch(b -> b.id().toLowerCase(Locale.ROOT).equals(key))) {
                throw new IllegalArgumentException("--bug '" + id.strip() + "' is not in the catalogue; known: "
                        + String.join(", ", all.stream().map(KnownBug::id).toList()));
            }
            wanted.add(key);
        }
        return all.stream().filter(b -> wanted.contains(b.id().toLowerCase(Locale.ROOT))).toList();
    }
}
