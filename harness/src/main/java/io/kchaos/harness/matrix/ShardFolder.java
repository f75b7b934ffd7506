package io.kchaos.harness.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.harness.compare.RunSummary;
import io.kchaos.history.Json;
import io.kchaos.report.dashboard.StoreMatrix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A matrix folder read back for a merge: its matrix.json's grid, recorded digest, shard and cells, each cell's runs
 * loaded from the run folders where the shard left them.
 *
 * @param digest the grid digest matrix.json records
 */
public record ShardFolder(Path folder, String command, MatrixGrid grid, String digest, MatrixShard shard, List<CellOutcome> cells) {
    private static final String FILE = StoreMatrix.JSON;

    /**
     * Reads {@code folder/matrix.json} and the run folders it names.
     *
     * @throws IllegalArgumentException (one line, naming the folder) when it is not a readable matrix folder of a grid
     */
    public static ShardFolder read(Path folder) {
        Path file = folder.resolve(FILE);
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException(folder + " is not a matrix folder (no " + FILE + ")");
        JsonNode o;
        try {
            o = Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage().replaceAll("\\s*\\R\\s*", " "));
        }
        if (!o.path("grid").path("digest").isTextual() || !o.path("shard").path("index").canConvertToInt()
                || !o.path("shard").path("count").canConvertToInt()) {
            throw new IllegalArgumentException(file + " records no grid digest or shard (written before kchaos matrix --shard); run that matrix again");
        }
        try {
            MatrixGrid grid = MatrixGrid.fromJson(o);
            MatrixShard shard = new MatrixShard(o.path("shard").path("index").asInt(), o.path("shard").path("count").asInt());
            Map<String, MatrixCellSpec> byId = grid.cells().stream().collect(Collectors.toMap(MatrixCellSpec::id, Function.identity()));
            List<CellOutcome> cells = new ArrayList<>();
            for (JsonNode c : o.path("cells")) {
                MatrixCellSpec spec = byId.get(c.path("id").asText());
                if (spec == null) throw new IllegalArgumentException("cell '" + c.path("id").asText() + "' is not in the grid");
                List<RunOutcome> runs = new ArrayList<>();
                for (JsonNode r : c.path("runs")) runs.add(run(folder, spec, r));
                cells.add(new CellOutcome(spec, runs));
            }
            return new ShardFolder(folder, o.path("command").asText(), grid, o.path("grid").path("digest").asText(), shard, cells);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage());
        }
    }

    private static RunOutcome run(Path folder, MatrixCellSpec cell, JsonNode r) {
        RunSummary summary = null;
        if (r.hasNonNull("dir")) {
            try {
                summary = RunSummary.load(folder.resolve(r.path("dir").asText()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(cell.id() + " repeat " + r.path("repeat").asInt() + ": " + e.getMessage()
                        + " (a merge reads the shards' run folders where they are)");
            }
        }
        return new RunOutcome(r.path("repeat").asInt(), r.path("exit-code").asInt(), summary);
    }
}
