package io.kchaos.harness.matrix;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.harness.compare.RunSummary;
import io.kchaos.report.MatrixCell;
import io.kchaos.report.MatrixExpectations;
import io.kchaos.report.write.MatrixReport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Hands a finished matrix to the reports module: matrix.html (one cell per run, linking each run's report; its banner
 * follows the expectations) and junit.xml.
 */
public final class MatrixPageWriter {
    private MatrixPageWriter() {
    }

    public static MatrixReport.Written write(Path matrixDir, MatrixResult result) {
        List<MatrixCell> cells = new ArrayList<>();
        List<MatrixExpectations.Cell> expected = new ArrayList<>();
        for (CellOutcome c : result.cells()) {
            expected.add(new MatrixExpectations.Cell(c.cell().id() + " " + c.cell().label(),
                    result.expectationsOf(c.cell()).stream().map(Expectation::outcome).toList(), result.unmet(c)));
            for (RunOutcome r : c.runs()) {
                RunSummary s = r.summary();
                String label = c.cell().id() + " " + c.cell().label() + (result.repeat() > 1 ? " #" + r.repeat() : "")
                        + (r.unexercised() ? " (no fault held)" : "");
                long gap = s == null || Double.isNaN(s.longestNoAckSeconds()) ? -1 : (long) (s.longestNoAckSeconds() * 1e9);
                double p99 = s == null ? Double.NaN : s.sends().latencyMillis(99);
                String link = null;
                if (s != null && Files.isRegularFile(new RunFiles(s.dir()).report())) {
                    link = matrixDir.toAbsolutePath().normalize().relativize(new RunFiles(s.dir()).report()).toString().replace('\\', '/');
                }
                cells.add(new MatrixCell(label, c.cell().values(), r.verdict(), s == null ? null : s.anomalies(), gap, p99, link));
            }
        }
        return MatrixReport.write(matrixDir, cells, new MatrixExpectations(expected));
    }
}
