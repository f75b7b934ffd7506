package io.kchaos.report;

import io.kchaos.report.html.MatrixPage;
import io.kchaos.report.junit.JUnitXml;
import io.kchaos.report.junit.MatrixJUnit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes matrix.html (a grid of the cells coloured by verdict, linking to each run's report) and junit.xml, one testcase per cell. */
public final class MatrixReport {
    public static final String HTML = "matrix.html";

    /** The files written. */
    public record Written(Path html, Path junit) {
    }

    private MatrixReport() {
    }

    /** Writes the page and junit.xml of a matrix without expectations. */
    public static Written write(Path matrixDir, List<MatrixCell> cells) {
        return write(matrixDir, cells, MatrixExpectations.NONE);
    }

    /** Writes the page (its banner follows the expectations) and junit.xml. */
    public static Written write(Path matrixDir, List<MatrixCell> cells, MatrixExpectations expectations) {
        Path html = matrixDir.resolve(HTML);
        Path junit = matrixDir.resolve(RunReport.JUNIT);
        try {
            Files.createDirectories(matrixDir);
            Files.writeString(html, MatrixPage.render(cells, expectations), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + html + ": " + e.getMessage(), e);
        }
        JUnitXml.write(MatrixJUnit.build(cells), junit);
        return new Written(html, junit);
    }
}
