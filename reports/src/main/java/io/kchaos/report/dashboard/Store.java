package io.kchaos.report.dashboard;

import io.kchaos.report.bugs.BugsReport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a store (the {@code --store} of {@code run} and {@code matrix}) holds: its run folders and its matrix folders,
 * each oldest first. Hidden folders (a run's staging folder) and links (such as {@code latest}) are skipped; the runs
 * inside a matrix folder belong to their matrix.
 */
public record Store(Path dir, List<StoreRun> runs, List<StoreMatrix> matrices) {

    /** True for a known-bug pack's folder (it holds bugs.json or bugs.html): its own page shows it, the dashboard does not yet. */
    static boolean isBugPack(Path dir) {
        return Files.isRegularFile(dir.resolve(BugsReport.JSON)) || Files.isRegularFile(dir.resolve(BugsReport.HTML));
    }

    /**
     * Reads every folder of the store.
     *
     * @throws IllegalArgumentException (one line) when the store is missing, not a directory or cannot be listed
     */
    public static Store scan(Path dir) {
        if (!Files.exists(dir)) throw new IllegalArgumentException("store not found: " + dir);
        if (!Files.isDirectory(dir)) throw new IllegalArgumentException("not a store directory: " + dir);
        List<Path> folders;
        try (Stream<Path> s = Files.list(dir)) {
            folders = s.filter(p -> Files.isDirectory(p) && !Files.isSymbolicLink(p) && !p.getFileName().toString().startsWith("."))
                    .sorted().toList();
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot list the store " + dir + ": " + e.getMessage());
        }
        List<StoreRun> runs = new ArrayList<>();
        List<StoreMatrix> matrices = new ArrayList<>();
        for (Path f : folders) {
            if (isBugPack(f)) continue;
            if (StoreMatrix.isMatrix(f)) matrices.add(StoreMatrix.read(f));
            else runs.add(StoreRun.read(f));
        }
        runs.sort(Comparator.comparing(StoreRun::started, Comparator.nullsFirst(Comparator.<Instant>naturalOrder()))
                .thenComparing(StoreRun::name));
        matrices.sort(Comparator.comparing(StoreMatrix::started, Comparator.nullsFirst(Comparator.<Instant>naturalOrder()))
                .thenComparing(StoreMatrix::name));
        return new Store(dir, List.copyOf(runs), List.copyOf(matrices));
    }
}
