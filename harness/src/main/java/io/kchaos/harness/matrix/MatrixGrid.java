package io.kchaos.harness.matrix;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What defines a matrix's grid, the same for every shard of it: scenario, repeats, base seed, the run options of every
 * cell, the axes and the expectations. Its digest tells whether matrix folders are shards of one grid.
 *
 * @param seed    base seed (repeat n of every cell uses seed + n - 1), or null for random seeds
 * @param runArgs run options given to every cell before its own settings
 */
public record MatrixGrid(String scenario, int repeat, Long seed, List<String> runArgs, List<MatrixAxis> axes, List<Expectation> expectations) {
    public MatrixGrid {
        runArgs = List.copyOf(runArgs);
        axes = List.copyOf(axes);
        expectations = List.copyOf(expectations);
    }

    /** Every cell of the grid, in the order of {@link MatrixCellSpec#grid}. */
    public List<MatrixCellSpec> cells() {
        return MatrixCellSpec.grid(axes);
    }

    /** The definition as matrix.json records it: scenario, repeat, seed, run-args, axes, expectations. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("scenario", scenario);
        o.put("repeat", repeat);
        if (seed == null) o.putNull("seed");
        else o.put("seed", seed);
        runArgs.forEach(o.putArray("run-args")::add);
        ArrayNode ax = o.putArray("axes");
        for (MatrixAxis a : axes) {
            ObjectNode x = ax.addObject();
            x.put("key", a.key());
            x.put("target", a.route().target().name().toLowerCase());
            x.put("setting", a.route().key());
            a.values().forEach(x.putArray("values")::add);
        }
        ArrayNode ex = o.putArray("expectations");
        expectations.forEach(e -> ex.add(e.text()));
        return o;
    }

    /** SHA-256 of the definition's JSON, hex: equal for the shards of one grid. */
    public String digest() {
        try {
            byte[] text = Json.MAPPER.writeValueAsString(toJson()).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text));
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot digest the matrix's grid: " + e.getMessage(), e);
        }
    }

    /**
     * Reads the definition back from a matrix.json.
     *
     * @throws IllegalArgumentException (one line) when a field is missing or does not parse
     */
    public static MatrixGrid fromJson(JsonNode o) {
        if (!o.path("scenario").isTextual() || !o.path("repeat").canConvertToInt() || !o.path("axes").isArray()
                || !o.path("expectations").isArray() || !o.path("run-args").isArray() || !o.has("seed")) {
            throw new IllegalArgumentException("no grid definition (scenario, repeat, seed, run-args, axes, expectations)");
        }
        List<MatrixAxis> axes = new ArrayList<>();
        for (JsonNode a : o.path("axes")) axes.add(MatrixAxis.of(a.path("key").asText(), texts(a.path("values"))));
        List<MatrixCellSpec> cells = MatrixCellSpec.grid(axes);
        List<Expectation> expectations = new ArrayList<>();
        for (String e : texts(o.path("expectations"))) expectations.add(Expectation.parse(e, axes, cells));
        Long seed = o.path("seed").isNull() ? null : o.path("seed").asLong();
        return new MatrixGrid(o.path("scenario").asText(), o.path("repeat").asInt(), seed, texts(o.path("run-args")), axes, expectations);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(x -> out.add(x.asText()));
        return out;
    }
}
