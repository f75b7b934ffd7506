package io.kchaos.harness.matrix;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The part of a matrix's grid one runner executes, from {@code --shard K/N}: the cells whose position in the full grid's
 * order (0-based) is K-1 modulo N. Cell ids and seeds stay those of the full grid; {@link #WHOLE} is an unsharded run.
 *
 * @param index K, 1-based
 * @param count N, the number of shards the grid is split into
 */
public record MatrixShard(int index, int count) {
    /** The whole grid: shard 1 of 1. */
    public static final MatrixShard WHOLE = new MatrixShard(1, 1);

    public MatrixShard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + " must have 1 <= K <= N");
        }
    }

    /**
     * Parses {@code K/N}.
     *
     * @throws IllegalArgumentException (one line) unless it is K/N with whole numbers 1 <= K <= N
     */
    public static MatrixShard parse(String text) {
        String t = text == null ? "" : text.strip();
        String bad = "--shard '" + text + "' must look like K/N with whole numbers 1 <= K <= N, e.g. 2/3";
        int slash = t.indexOf('/');
        if (slash < 0) throw new IllegalArgumentException(bad);
        try {
            int k = Integer.parseInt(t.substring(0, slash).strip());
            int n = Integer.parseInt(t.substring(slash + 1).strip());
            if (n < 1 || k < 1 || k > n) throw new IllegalArgumentException(bad);
            return new MatrixShard(k, n);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(bad);
        }
    }

    /** True when this shard runs the cell at a 0-based position of the full grid's order. */
    public boolean holds(int position) {
        return position % count == index - 1;
    }

    /** This shard's cells of the full grid, in the grid's order. */
    public List<MatrixCellSpec> select(List<MatrixCellSpec> grid) {
        return IntStream.range(0, grid.size()).filter(this::holds).mapToObj(grid::get).toList();
    }

    /** {@code 2/3}. */
    @Override
    public String toString() {
        return index + "/" + count;
    }
}
