package io.kchaos.report;

import io.kchaos.checker.result.Verdict;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One run of a matrix: what was varied, and its outcome.
 *
 * @param label         a short name of the cell, e.g. "acks=1 / 4.1.1"
 * @param config        the settings that define the cell (e.g. acks, kafka-version), in display order
 * @param verdict       the run's verdict
 * @param anomalyCounts count per anomaly type
 * @param worstGapNanos availability: the longest time without an acknowledged send during a fault, -1 when unknown
 * @param p99Millis     p99 latency of acknowledged sends, NaN when unknown
 * @param reportLink    the run's report.html relative to the matrix folder, or null
 */
public record MatrixCell(String label, Map<String, String> config, Verdict verdict, Map<String, Long> anomalyCounts,
                         long worstGapNanos, double p99Millis, String reportLink) {
    public MatrixCell {
        label = label == null ? "" : label;
        config = config == null ? Map.of() : new LinkedHashMap<>(config);
        verdict = verdict == null ? Verdict.UNKNOWN : verdict;
        anomalyCounts = anomalyCounts == null ? Map.of() : new LinkedHashMap<>(anomalyCounts);
    }

    /** The label, else the config as "k=v, k=v". */
    public String displayName() {
        if (!label.isBlank()) return label;
        java.util.StringJoiner j = new java.util.StringJoiner(", ");
        config.forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }

    /** A cell from a run's written report; the link is made relative to {@code matrixDir}. */
    public static MatrixCell of(String label, Map<String, String> config, ReportOutput run, Path matrixDir) {
        String link = matrixDir.toAbsolutePath().normalize().relativize(run.html().toAbsolutePath().normalize())
                .toString().replace('\\', '/');
        return new MatrixCell(label, config, run.verdict(), run.anomalyCounts(), run.worstGapNanos(), run.sendP99Millis(), link);
    }
}
