package io.kchaos.report.write;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.report.MatrixCell;
import io.kchaos.report.MatrixExpectations;
import io.kchaos.report.html.MatrixPage;
import io.kchaos.report.junit.JUnitSuite;
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
        return writePage(matrixDir, HTML, MatrixPage.render(cells, expectations), MatrixJUnit.build(cells));
    }

    /** Writes a page named {@code htmlName} and junit.xml into {@code dir} (created when missing). */
    public static Written writePage(Path dir, String htmlName, String page, JUnitSuite suite) {
        Path html = dir.resolve(htmlName);
        Path junit = dir.resolve(RunFiles.JUNIT_XML);
        try {
            Files.createDirectories(dir);
            Files.writeString(html, page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + html + ": " + e.getMessage(), e);
        }
        JUnitXml.write(suite, junit);
        return new Written(html, junit);
    }
}
