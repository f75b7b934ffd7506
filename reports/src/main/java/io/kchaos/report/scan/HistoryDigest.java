package io.kchaos.report.scan;

import io.kchaos.history.Op;

import java.util.List;
import java.util.SortedMap;

/**
 * Everything the report draws from the history, gathered in one pass.
 *
 * @param present   whether a history was found at all
 * @param problem   why the history could not be read (completely), or null
 * @param ops       lines read
 * @param end       time of the last op (ns since the run started)
 * @param windows   fault windows, in the order they opened
 * @param events    other nemesis actions, as zero-length windows
 * @param overall   latencies of the whole run
 * @param points    the downsampled send completions
 * @param throughput send completions per second
 * @param progress  acknowledged sends per partition, unseen sends and consumer lag, per second
 * @param excerpts  ops around the anomalies' examples, by index
 * @param unfinished client invocations without completion (count as info)
 * @param warnings  warnings of the history reader (e.g. a torn last line)
 */
public record HistoryDigest(boolean present, String problem, long ops, long end, List<FaultWindow> windows,
                            List<FaultWindow> events, LatencyHistograms overall, LatencyPoints points, Throughput throughput, ReadProgress progress,
                            SortedMap<Long, Op> excerpts, long unfinished, List<String> warnings) {
}
