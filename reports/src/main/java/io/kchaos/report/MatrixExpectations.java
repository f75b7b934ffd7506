package io.kchaos.report;

import io.kchaos.checker.result.Verdict;

import java.util.ArrayList;
import java.util.List;

/**
 * What a matrix's {@code --expect} claims came to, cell by cell. A matrix is judged by its expectations first: one whose
 * every expectation is met is green even when its cells found the anomalies it expected.
 *
 * @param cells every cell with at least one expectation
 */
public record MatrixExpectations(List<Cell> cells) {
    /** A matrix without expectations. */
    public static final MatrixExpectations NONE = new MatrixExpectations(List.of());

    /** One cell: its name, the outcomes expected of it, and why it breaks them (empty when it keeps them). */
    public record Cell(String name, List<String> expected, List<String> unmet) {
        public Cell {
            expected = List.copyOf(expected);
            unmet = List.copyOf(unmet);
        }
    }

    public MatrixExpectations {
        cells = cells.stream().filter(c -> !c.expected().isEmpty()).toList();
    }

    /** Cells that break an expectation. */
    public long unmetCells() {
        return cells.stream().filter(c -> !c.unmet().isEmpty()).count();
    }

    /** The matrix's status: INVALID when an expectation is unmet, VALID when all are met, else the worst verdict counted. */
    public Verdict status(VerdictCounts counts) {
        if (cells.isEmpty()) return counts.worst();
        return unmetCells() > 0 ? Verdict.INVALID : Verdict.VALID;
    }

    /** The first line of the matrix's banner: expectations met or unmet; the verdict counts when none was given. */
    public String headline(VerdictCounts counts, String unit) {
        if (cells.isEmpty()) return "no expectation given; " + counts.text(unit);
        long unmet = unmetCells();
        return unmet == 0 ? "every expectation met (" + cells.size() + " of " + cells.size() + " cells with expectations)"
                : "expectations UNMET in " + unmet + " of " + cells.size() + " cells with expectations";
    }

    /** One line per broken expectation, "cell: why". */
    public List<String> unmetLines() {
        List<String> out = new ArrayList<>();
        cells.forEach(c -> c.unmet().forEach(u -> out.add(c.name() + ": " + u)));
        return out;
    }
}
