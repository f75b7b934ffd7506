package io.kchaos.harness.matrix;

import io.kchaos.harness.compare.RunSummary;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs every cell of a matrix {@code repeat} times, one run at a time, each a normal run folder under the matrix
 * folder ({@code <matrix>/<timestamp>-<cell>-r<n>/}) on a fresh cluster, and collects their summaries.
 */
public final class MatrixRunner {
    private final Path matrixDir;
    private final String scenario;
    private final List<String> commonArgs;
    private final Long seed;
    private final int repeat;
    private final RunLauncher launcher;
    private final PrintStream out;

    /**
     * @param scenario   the scenario every run starts from
     * @param commonArgs run options for every cell (before the cell's own settings)
     * @param seed       base seed (repeat n uses seed + n - 1, the same in every cell), or null for random seeds
     */
    public MatrixRunner(Path matrixDir, String scenario, List<String> commonArgs, Long seed, int repeat, RunLauncher launcher, PrintStream out) {
        this.matrixDir = matrixDir;
        this.scenario = scenario;
        this.commonArgs = List.copyOf(commonArgs);
        this.seed = seed;
        this.repeat = repeat;
        this.launcher = launcher;
        this.out = out;
    }

    public List<CellOutcome> run(List<MatrixCellSpec> cells) throws Exception {
        List<CellOutcome> outcomes = new ArrayList<>();
        int total = cells.size() * repeat;
        int n = 0;
        for (MatrixCellSpec cell : cells) {
            List<RunOutcome> runs = new ArrayList<>();
            for (int r = 1; r <= repeat; r++) {
                n++;
                out.printf("%n=== matrix run %d/%d: %s %s, repeat %d/%d%n", n, total, cell.id(), cell.label(), r, repeat);
                runs.add(runOnce(cell, r));
                RunOutcome last = runs.get(runs.size() - 1);
                out.printf("=== %s repeat %d: %s%s%n", cell.id(), r, last.verdict().name().toLowerCase(),
                        last.summary() == null ? " (no run folder)" : " in " + last.summary().dir());
            }
            outcomes.add(new CellOutcome(cell, runs));
        }
        return outcomes;
    }

    /** The arguments of one repeat of a cell. */
    List<String> args(MatrixCellSpec cell, int r) {
        return args(cell.id(), cell.runArgs(), r);
    }

    private List<String> args(String name, List<String> ownArgs, int r) {
        List<String> args = new ArrayList<>(List.of("--scenario", scenario, "--store", matrixDir.toString(), "--name", name + "-r" + r));
        if (seed != null) args.addAll(List.of("--seed", Long.toString(seed + r - 1)));
        args.addAll(commonArgs);
        args.addAll(ownArgs);
        return args;
    }

    private RunOutcome runOnce(MatrixCellSpec cell, int r) throws Exception {
        return runOnce(cell.id(), cell.runArgs(), r);
    }

    /**
     * One run, named {@code <name>-r<r>} in the matrix folder, with the common arguments and then {@code ownArgs}: for
     * callers that decide after each run whether to run again (the known-bug pack stops at the first exposure).
     */
    public RunOutcome runOnce(String name, List<String> ownArgs, int r) throws Exception {
        Set<Path> before = MatrixFolder.runFolders(matrixDir);
        int exit = launcher.launch(args(name, ownArgs, r));
        Path dir = MatrixFolder.created(matrixDir, before, "-" + name + "-r" + r);
        RunSummary summary = null;
        if (dir != null) {
            try {
                summary = RunSummary.load(dir);
            } catch (IllegalArgumentException e) {
                out.println("warning: " + e.getMessage());
            }
        }
        return new RunOutcome(r, exit, summary);
    }
}
