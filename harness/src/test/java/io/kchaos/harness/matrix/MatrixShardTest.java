package io.kchaos.harness.matrix;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --shard K/N}: the shards of a grid are exactly its cells, each once, with the ids and run arguments (seeds) of the unsharded run. */
class MatrixShardTest {
    private final List<MatrixAxis> axes = List.of(MatrixAxis.parse("min.insync.replicas=1,2"), MatrixAxis.parse("acks=1,all"),
            MatrixAxis.of(MatrixAxis.KAFKA_VERSION, List.of("3.9.1", "4.1.1", "4.4.0")));
    private final MatrixGrid grid = new MatrixGrid("s", 2, 7L, List.of("--time-limit", "5"), axes, List.of());
    private final List<MatrixCellSpec> full = grid.cells();

    /** The arguments of every launch a runner makes for these cells, with the matrix folder left out (it differs per runner). */
    private List<List<String>> launches(Path dir, List<MatrixCellSpec> cells) throws Exception {
        List<List<String>> out = new ArrayList<>();
        RunLauncher record = args -> {
            List<String> a = new ArrayList<>(args);
            a.set(a.indexOf("--store") + 1, "STORE");
            out.add(a);
            return 2;
        };
        new MatrixRunner(dir, grid.scenario(), grid.runArgs(), grid.seed(), grid.repeat(), record, new PrintStream(OutputStream.nullOutputStream())).run(cells);
        return out;
    }

    @Test
    void threeShardsAreTheFullGridWithTheSameIdsAndSeeds(@TempDir Path dir) throws Exception {
        assertEquals(12, full.size());
        List<MatrixCellSpec> union = new ArrayList<>();
        List<List<String>> shardLaunches = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            List<MatrixCellSpec> part = new MatrixShard(k, 3).select(full);
            assertEquals(4, part.size());
            for (MatrixCellSpec c : part) assertEquals(k - 1, (c.index() - 1) % 3, c.id() + " in shard " + k);
            union.addAll(part);
            shardLaunches.addAll(launches(dir.resolve("s" + k), part));
        }
        union.sort(Comparator.comparingInt(MatrixCellSpec::index));
        assertEquals(full, union, "every cell exactly once");
        assertEquals(List.of("c01", "c04", "c07", "c10"), new MatrixShard(1, 3).select(full).stream().map(MatrixCellSpec::id).toList());

        List<List<String>> whole = launches(dir.resolve("whole"), full);
        Comparator<List<String>> byName = Comparator.comparing(a -> a.get(a.indexOf("--name") + 1));
        shardLaunches.sort(byName);
        whole.sort(byName);
        assertEquals(whole, shardLaunches, "the same runs, names, seeds and settings as the unsharded matrix");
        assertTrue(shardLaunches.stream().filter(a -> a.get(a.indexOf("--name") + 1).equals("c11-r2")).allMatch(a -> a.get(a.indexOf("--seed") + 1).equals("8")));
    }

    @Test
    void moreShardsThanCellsLeavesSomeEmptyAndWholeIsEverything() {
        assertEquals(full, MatrixShard.WHOLE.select(full));
        List<MatrixCellSpec> two = MatrixCellSpec.grid(List.of(MatrixAxis.parse("acks=1,all")));
        assertEquals(List.of(), new MatrixShard(3, 3).select(two));
    }

    @Test
    void badShardsAreOneLine() {
        for (String bad : List.of("0/3", "4/3", "x", "1/0", "", "1/3/4", "-1/3", "2/", "/3", "1.5/3")) {
            String m = assertThrows(IllegalArgumentException.class, () -> MatrixShard.parse(bad), bad).getMessage();
            assertEquals("--shard '" + bad + "' must look like K/N with whole numbers 1 <= K <= N, e.g. 2/3", m);
        }
        assertEquals(new MatrixShard(2, 3), MatrixShard.parse(" 2/3 "));
        assertEquals("2/3", new MatrixShard(2, 3).toString());
    }

    @Test
    void theDigestFollowsTheGridDefinitionAndSurvivesMatrixJson() {
        MatrixGrid other = new MatrixGrid("s", 2, 8L, grid.runArgs(), axes, List.of());
        assertNotEquals(grid.digest(), other.digest(), "another seed is another grid");
        MatrixGrid expecting = new MatrixGrid("s", 2, null, List.of(), axes, List.of(Expectation.parse("acks=all:valid", axes, full)));
        MatrixGrid back = MatrixGrid.fromJson(expecting.toJson());
        assertEquals(expecting.digest(), back.digest());
        assertEquals(expecting.toJson(), back.toJson());
        assertEquals(64, grid.digest().length());
    }
}
