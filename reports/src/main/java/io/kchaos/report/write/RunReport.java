package io.kchaos.report.write;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.report.ExampleFields;
import io.kchaos.report.ReportOutput;
import io.kchaos.report.Results;
import io.kchaos.report.RunContents;
import io.kchaos.report.html.RunPage;
import io.kchaos.report.junit.JUnitXml;
import io.kchaos.report.junit.RunJUnit;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.report.scan.HistoryDigest;
import io.kchaos.report.scan.HistoryScan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the reports of a run folder from the folder alone: report.html (one self-contained page) and junit.xml.
 * Missing or malformed inputs show as "unknown" or "could not judge"; only an unwritable folder is an error.
 */
public final class RunReport {

    private RunReport() {
    }

    /** Writes report.html and junit.xml into {@code runDir}; throws IllegalArgumentException when it is not a folder. */
    public static ReportOutput write(Path runDir) {
        if (!Files.isDirectory(runDir)) throw new IllegalArgumentException("not a run folder: " + runDir);
        RunContents folder = RunContents.read(runDir);
        HistoryDigest digest = HistoryScan.scan(folder.history(), ExampleFields.allIndices(folder.results()));
        Path html = runDir.resolve(RunFiles.REPORT_HTML);
        Path junit = runDir.resolve(RunFiles.JUNIT_XML);
        try {
            Files.writeString(html, RunPage.render(folder, digest), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + html + ": " + e.getMessage(), e);
        }
        JUnitXml.write(RunJUnit.build(folder), junit);
        return new ReportOutput(html, junit, folder.results().verdict(), counts(folder.results()),
                digest.overall().send().p99(), worstGap(digest));
    }

    private static Map<String, Long> counts(Results r) {
        Map<String, Long> out = new LinkedHashMap<>();
        r.anomalies().forEach((t, a) -> out.put(t, a.count()));
        return out;
    }

    private static long worstGap(HistoryDigest d) {
        long worst = -1;
        for (FaultWindow w : d.windows()) worst = Math.max(worst, w.stats().maxGap());
        return worst;
    }

    /** {@code RunReport RUN_DIR}: (re)builds the reports and prints their paths; a one-line error and exit 2 otherwise. */
    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: RunReport RUN_DIR");
            System.exit(2);
        }
        try {
            ReportOutput out = write(Path.of(args[0]));
            System.out.println(out.html());
            System.out.println(out.junit());
        } catch (RuntimeException e) {
            System.err.println("report failed: " + e.getMessage());
            System.exit(2);
        }
    }
}
