package io.kchaos.report.bugs;

import io.kchaos.report.MatrixReport;
import io.kchaos.report.RunReport;
import io.kchaos.report.junit.JUnitXml;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes the pack's bugs.html and junit.xml into its folder. */
public final class BugsReport {
    public static final String HTML = "bugs.html";

    private BugsReport() {
    }

    public static MatrixReport.Written write(Path dir, List<BugCell> cells, String command) {
        Path html = dir.resolve(HTML);
        Path junit = dir.resolve(RunReport.JUNIT);
        try {
            Files.createDirectories(dir);
            Files.writeString(html, BugsPage.render(cells, command), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + html + ": " + e.getMessage(), e);
        }
        JUnitXml.write(BugsJUnit.build(cells), junit);
        return new MatrixReport.Written(html, junit);
    }
}
