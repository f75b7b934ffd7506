package io.kchaos.report.dashboard;

import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.ResultsJson;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunJson;
import io.kchaos.checker.result.Verdict;
import io.kchaos.report.Availability;
import io.kchaos.report.Format;
import io.kchaos.report.Results;
import io.kchaos.report.RunInfo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One run folder of a store as the dashboard shows it, read with the report's own readers (run.json through
 * {@link RunInfo}, results.json through {@link Results}); a damaged folder gives a run whose {@link #problem()} says why.
 *
 * @param dir       the run folder
 * @param started   when it started (run.json's started-at, else the folder's name or mtime), or null
 * @param key       the scenario it belongs to
 * @param verdict   its verdict
 * @param anomalies count per anomaly type (-1 when only named)
 * @param figures   its availability figures
 * @param problem   why the folder could not be read in full, or null
 */
public record StoreRun(Path dir, Instant started, SeriesKey key, Verdict verdict, Map<String, Long> anomalies,
                       Availability figures, String problem) {
    /** The files that make a folder a run folder. */
    private static final String[] MARKERS = {RunFiles.RUN_JSON, RunFiles.RESULTS_JSON, RunFiles.HISTORY, RunFiles.HISTORY_ZSTD};

    /** Reads a run folder; never throws for a damaged one. */
    public static StoreRun read(Path dir) {
        boolean any = false;
        for (String m : MARKERS) any |= Files.exists(dir.resolve(m));
        RunInfo run = RunInfo.of(RunJson.read(dir));
        Results results = Results.of(ResultsJson.read(dir));
        String problem = !any ? "not a run folder: it holds no run.json, results.json or history.jsonl"
                : join(run.problem(), results.problem());
        Map<String, Long> anomalies = new LinkedHashMap<>();
        results.anomalies().forEach((t, a) -> anomalies.put(t, a.count()));
        String started = run.text(RunFields.STARTED_AT);
        return new StoreRun(dir, FolderTime.of(dir, Format.UNKNOWN.equals(started) ? null : started), SeriesKey.of(run),
                results.verdict(), anomalies, Availability.of(results.stats()), problem);
    }

    private static String join(String a, String b) {
        if (a == null) return b;
        return b == null ? a : a + "; " + b;
    }

    /** The run's report.html, or null when it has none. */
    public Path report() {
        Path html = new RunFiles(dir).report();
        return Files.isRegularFile(html) ? html : null;
    }

    /** What the regression rules compare. */
    public RegressionRules.Sample sample() {
        return new RegressionRules.Sample(verdict, figures.acksPerSecond(), figures.longestNoAckSeconds());
    }

    /** The anomalies as "lost-write 3, duplicate 1", or "none". */
    public String anomalyText() {
        if (anomalies.isEmpty()) return "none";
        StringJoiner j = new StringJoiner(", ");
        anomalies.forEach((t, n) -> j.add(t + " " + (n < 0 ? "?" : n)));
        return j.toString();
    }

    /** The folder's name. */
    public String name() {
        return dir.getFileName().toString();
    }
}
