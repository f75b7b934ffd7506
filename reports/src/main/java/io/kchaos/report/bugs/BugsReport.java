package io.kchaos.report.bugs;

import io.kchaos.report.write.MatrixReport;

import java.nio.file.Path;
import java.util.List;

/** Writes the pack's bugs.html and junit.xml into its folder. */
public final class BugsReport {
    public static final String HTML = "bugs.html";
    /** The pack's results, written by {@code kchaos bugs} (docs/format.md). */
    public static final String JSON = "bugs.json";

    private BugsReport() {
    }

    public static MatrixReport.Written write(Path dir, List<BugCell> cells, String command) {
        return MatrixReport.writePage(dir, HTML, BugsPage.render(cells, command), BugsJUnit.build(cells));
    }
}
