package io.kchaos.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.harness.compare.FakeRunFolder;
import io.kchaos.harness.matrix.Expectation;
import io.kchaos.harness.matrix.MatrixAxis;
import io.kchaos.harness.matrix.MatrixCellSpec;
import io.kchaos.harness.matrix.MatrixGrid;
import io.kchaos.harness.matrix.MatrixResult;
import io.kchaos.harness.matrix.MatrixRunner;
import io.kchaos.harness.matrix.MatrixShard;
import io.kchaos.harness.matrix.RunLauncher;
import io.kchaos.history.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kchaos merge} on planted shard folders (written by the matrix's own runner and writer, runs from a fake launcher,
 * no cluster): the merge equals the unsharded matrix; folders that are not the shards of one grid are refused in one line.
 */
class MergeCommandTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private final List<MatrixAxis> axes = List.of(MatrixAxis.parse("min.insync.replicas=1,2"), MatrixAxis.parse("acks=1,all"),
            MatrixAxis.of(MatrixAxis.KAFKA_VERSION, List.of("3.9.1", "4.4.0")));
    private final List<MatrixCellSpec> cells = MatrixCellSpec.grid(axes);
    private final StringWriter err = new StringWriter();

    @TempDir
    Path tmp;

    private MatrixGrid grid(Long seed, String... expectations) {
        List<Expectation> es = new ArrayList<>();
        for (String e : expectations) es.add(Expectation.parse(e, axes, cells));
        return new MatrixGrid("s", 2, seed, List.of("--time-limit", "5"), axes, es);
    }

    /** A run folder per launch: lost writes for acks=1, and no folder at all (exit 2) for min.insync.replicas=2 on 3.9.1 when told to. */
    private static RunLauncher fake(Path dir, boolean crash) {
        return args -> {
            String name = args.get(args.indexOf("--name") + 1);
            if (crash && args.contains("min.insync.replicas=2") && args.contains("3.9.1")) return 2;
            boolean acks1 = args.contains("acks=1");
            FakeRunFolder.write(dir.resolve("20260101T000000-" + name), "4.4.0", Map.of(), acks1 ? Map.of("lost-write", 3L) : Map.of(),
                    FakeRunFolder.sends(6, 4, "ok"));
            return acks1 ? 1 : 0;
        };
    }

    /** A matrix folder as `kchaos matrix --shard` leaves it (the whole grid for WHOLE). */
    private Path matrixFolder(String name, MatrixGrid grid, MatrixShard shard, boolean crash) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        MatrixRunner runner = new MatrixRunner(dir, grid.scenario(), grid.runArgs(), grid.seed(), grid.repeat(), fake(dir, crash), QUIET);
        MatrixResult result = new MatrixResult("kchaos matrix --shard " + shard, grid, shard, runner.run(shard.select(grid.cells())));
        MatrixOutput.write(dir, result, result.toJson(dir), QUIET);
        return dir;
    }

    private List<Path> shards(MatrixGrid grid, boolean crash) throws Exception {
        List<Path> out = new ArrayList<>();
        for (int k = 1; k <= 3; k++) out.add(matrixFolder("shard-" + k, grid, new MatrixShard(k, 3), crash));
        return out;
    }

    private int merge(Path out, Path... folders) {
        List<String> args = new ArrayList<>(List.of("merge", out.toString()));
        for (Path f : folders) args.add(f.toString());
        return Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), args.toArray(String[]::new));
    }

    private static JsonNode read(Path dir) throws IOException {
        return Json.MAPPER.readTree(dir.resolve("matrix.json").toFile());
    }

    /** A cell of matrix.json without what differs by where its runs lie (run folders, the cell's source). */
    private static JsonNode placeless(JsonNode cell) {
        ObjectNode c = cell.deepCopy();
        c.remove("from");
        c.withArray("runs").forEach(r -> ((ObjectNode) r).remove("dir"));
        return c;
    }

    private void mergeEqualsTheUnshardedMatrix(MatrixGrid grid, boolean crash, int exit) throws Exception {
        Path whole = matrixFolder("whole", grid, MatrixShard.WHOLE, crash);
        List<Path> s = shards(grid, crash);
        Path out = tmp.resolve("merged");
        assertEquals(exit, merge(out, s.get(2), s.get(0), s.get(1)), err.toString());
        assertEquals("", err.toString());
        JsonNode u = read(whole);
        JsonNode m = read(out);
        assertEquals(exit, u.path("exit-code").asInt());
        assertEquals(exit, m.path("exit-code").asInt());
        assertEquals(u.path("grid"), m.path("grid"));
        assertEquals(cells.size(), m.path("cells").size());
        for (int i = 0; i < cells.size(); i++) {
            JsonNode mc = m.path("cells").get(i);
            assertEquals(placeless(u.path("cells").get(i)), placeless(mc), "cell " + i);
            String from = "shard-" + (i % 3 + 1);
            assertEquals("../" + from, mc.path("from").asText());
            for (JsonNode r : mc.path("runs")) {
                if (r.has("dir")) {
                    assertTrue(r.path("dir").asText().startsWith("../" + from + "/"), r.toString());
                    assertTrue(Files.isRegularFile(out.resolve(r.path("dir").asText()).resolve("results.json")), "the run folder stays in its shard");
                }
            }
        }
        assertEquals(List.of("1/3", "2/3", "3/3"), m.path("merged-from").findValuesAsText("shard"));
        assertEquals(Files.readString(whole.resolve("matrix.txt")), Files.readString(out.resolve("matrix.txt")), "the same table");
        assertTrue(Files.isRegularFile(out.resolve("matrix.html")));
        assertTrue(Files.isRegularFile(out.resolve("junit.xml")));
        try (var list = Files.list(out)) {
            assertEquals(0, list.filter(Files::isDirectory).count(), "no run data is copied");
        }
    }

    @Test
    void aMergeWithAnUnmetExpectationExitsOneAsTheUnshardedMatrix() throws Exception {
        mergeEqualsTheUnshardedMatrix(grid(7L, "acks=1:valid", "acks=all:valid"), false, 1);
    }

    @Test
    void aMergeWithEveryExpectationMetExitsZero() throws Exception {
        mergeEqualsTheUnshardedMatrix(grid(null, "acks=1:lost-write", "acks=all:valid"), false, 0);
    }

    @Test
    void aMergeWithARunNotJudgedExitsTwo() throws Exception {
        mergeEqualsTheUnshardedMatrix(grid(7L, "acks=all:valid"), true, 2);
    }

    private void refused(String mustContain, Path out, Path... folders) {
        err.getBuffer().setLength(0);
        assertEquals(2, merge(out, folders), mustContain);
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: ") && e.contains(mustContain), e);
        assertEquals(1, e.strip().lines().count(), e);
    }

    @Test
    void foldersThatAreNotTheShardsOfOneGridAreRefusedInOneLine() throws Exception {
        List<Path> s = shards(grid(7L, "acks=all:valid"), false);
        Path otherSeed = matrixFolder("other-seed", grid(8L, "acks=all:valid"), new MatrixShard(2, 3), false);
        Path out = tmp.resolve("merged");
        refused("is a shard of another grid than", out, s.get(0), otherSeed, s.get(2));
        refused("shard 2/3 is missing", out, s.get(0), s.get(2));
        refused("shard 1/3 is given twice", out, s.get(0), s.get(1), s.get(2), s.get(0));
        Path halves = matrixFolder("half", grid(7L, "acks=all:valid"), new MatrixShard(1, 2), false);
        refused("is shard 1/2 but", out, s.get(0), halves);
        Path runFolder = s.get(0).resolve("20260101T000000-c01-r1");
        refused(runFolder + " is not a matrix folder (no matrix.json)", out, s.get(0), runFolder, s.get(2));
        refused("is not a matrix folder", out, s.get(0), tmp.resolve("absent"), s.get(2));
        assertFalse(Files.exists(out), "nothing written");

        Path old = Files.createDirectories(tmp.resolve("old"));
        Files.writeString(old.resolve("matrix.json"), "{\"scenario\":\"s\",\"cells\":[]}");
        refused("records no grid digest or shard (written before kchaos matrix --shard)", out, old);

        Path edited = matrixFolder("edited", grid(7L), MatrixShard.WHOLE, false);
        ObjectNode json = (ObjectNode) read(edited);
        json.put("repeat", 1);
        Json.PRETTY.writeValue(edited.resolve("matrix.json").toFile(), json);
        refused("its grid digest does not match its grid definition", out, edited);

        Path users = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(users.resolve("notes.txt"), "keep");
        refused("OUT " + users + " exists and is not empty; not overwritten", users, s.get(0), s.get(1), s.get(2));
        assertEquals("keep", Files.readString(users.resolve("notes.txt")));
        assertEquals(List.of(users.resolve("notes.txt")), Files.list(users).toList());
        refused("is one of the shard folders", tmp.resolve("empty-shard"), Files.createDirectories(tmp.resolve("empty-shard")));
        refused("FOLDER", out);
    }

    @Test
    void anEmptyOutFolderIsUsedAndASingleWholeMatrixMergesToItself() throws Exception {
        Path whole = matrixFolder("whole", grid(7L, "acks=all:valid"), MatrixShard.WHOLE, false);
        Path out = Files.createDirectories(tmp.resolve("empty"));
        assertEquals(0, merge(out, whole), err.toString());
        assertEquals(read(whole).path("cells").size(), read(out).path("cells").size());
    }
}
