package io.kchaos.report;

import io.kchaos.checker.result.Verdict;

import java.nio.file.Path;
import java.util.Map;

/**
 * What {@link io.kchaos.report.write.RunReport#write} produced, and the headline figures a matrix row needs.
 *
 * @param html          report.html
 * @param junit         junit.xml
 * @param verdict       the run's verdict
 * @param anomalyCounts count per anomaly type (-1 when unknown)
 * @param sendP99Millis p99 latency of acknowledged sends, NaN when none
 * @param worstGapNanos the longest time without an acknowledged send during any fault, -1 when no fault
 */
public record ReportOutput(Path html, Path junit, Verdict verdict, Map<String, Long> anomalyCounts, double sendP99Millis,
                           long worstGapNanos) {
}
