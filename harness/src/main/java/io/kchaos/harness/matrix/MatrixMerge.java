package io.kchaos.harness.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shards of one grid joined into the matrix an unsharded run would have given: the cells in the grid's order, each
 * with the folder it came from. {@link #of} refuses folders that are not exactly the N shards of one grid.
 *
 * @param from each cell's shard folder, by cell id
 */
public record MatrixMerge(MatrixResult result, List<ShardFolder> shards, Map<String, ShardFolder> from) {

    /**
     * Joins the shards.
     *
     * @throws IllegalArgumentException (one line) on folders of different grids, a shard missing or given twice, or a
     *                                  shard whose cells are not the ones its K/N selects
     */
    public static MatrixMerge of(String command, List<ShardFolder> folders) {
        if (folders.isEmpty()) throw new IllegalArgumentException("no matrix folder to merge");
        ShardFolder first = folders.get(0);
        for (ShardFolder f : folders) {
            if (!f.digest().equals(f.grid().digest())) {
                throw new IllegalArgumentException(f.folder() + "/matrix.json: its grid digest does not match its grid definition (edited?)");
            }
            if (!f.digest().equals(first.digest())) {
                throw new IllegalArgumentException(f.folder() + " is a shard of another grid than " + first.folder() + " (grid digests "
                        + shortDigest(f) + " and " + shortDigest(first) + ")");
            }
        }
        int n = first.shard().count();
        ShardFolder[] byIndex = new ShardFolder[n];
        for (ShardFolder f : folders) {
            if (f.shard().count() != n) {
                throw new IllegalArgumentException(f.folder() + " is shard " + f.shard() + " but " + first.folder() + " is shard " + first.shard());
            }
            ShardFolder seen = byIndex[f.shard().index() - 1];
            if (seen != null) throw new IllegalArgumentException("shard " + f.shard() + " is given twice: " + seen.folder() + " and " + f.folder());
            byIndex[f.shard().index() - 1] = f;
        }
        for (int k = 1; k <= n; k++) {
            if (byIndex[k - 1] == null) throw new IllegalArgumentException("shard " + k + "/" + n + " is missing");
        }
        List<MatrixCellSpec> grid = first.grid().cells();
        List<CellOutcome> cells = new ArrayList<>();
        Map<String, ShardFolder> from = new LinkedHashMap<>();
        for (ShardFolder f : byIndex) {
            List<String> want = f.shard().select(grid).stream().map(MatrixCellSpec::id).toList();
            List<String> got = f.cells().stream().map(c -> c.cell().id()).toList();
            if (!want.equals(got)) {
                throw new IllegalArgumentException(f.folder() + ": shard " + f.shard() + " holds cells " + got + ", not " + want + " (an interrupted run?)");
            }
            cells.addAll(f.cells());
            f.cells().forEach(c -> from.put(c.cell().id(), f));
        }
        cells.sort(Comparator.comparingInt(c -> c.cell().index()));
        return new MatrixMerge(new MatrixResult(command, first.grid(), cells), List.of(byIndex), from);
    }

    private static String shortDigest(ShardFolder f) {
        return f.digest().substring(0, Math.min(12, f.digest().length()));
    }

    /** The merged matrix.json: the result's, with each cell's {@code from} folder and the shards ({@code merged-from}), relative to {@code outDir}. */
    public ObjectNode toJson(Path outDir) {
        ObjectNode o = result.toJson(outDir);
        for (JsonNode c : o.path("cells")) ((ObjectNode) c).put("from", relative(outDir, from.get(c.path("id").asText()).folder()));
        ArrayNode shardsJson = o.putArray("merged-from");
        for (ShardFolder f : shards) {
            ObjectNode s = shardsJson.addObject();
            s.put("shard", f.shard().toString());
            s.put("folder", relative(outDir, f.folder()));
            s.put("command", f.command());
        }
        o.set("exit-code", o.remove("exit-code")); // still the last field
        return o;
    }

    private static String relative(Path outDir, Path folder) {
        return outDir.toAbsolutePath().normalize().relativize(folder.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
