package io.kchaos.harness.matrix;

import io.kchaos.checker.result.Verdict;
import io.kchaos.harness.compare.RunSummary;

import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/** A cell and its repeats, with the figures a matrix row shows: verdict counts, runs with each anomaly, availability, p99. */
public record CellOutcome(MatrixCellSpec cell, List<RunOutcome> runs) {

    /** VALID runs whose faults held: evidence that the cell keeps its promises under them. */
    public long valid() {
        return count(Verdict.VALID) - unexercised();
    }

    /** VALID runs none of whose faults held ({@link RunOutcome#unexercised()}): counted apart, never as valid. */
    public long unexercised() {
        return runs.stream().filter(RunOutcome::unexercised).count();
    }

    public long invalid() {
        return count(Verdict.INVALID);
    }

    public long unknown() {
        return count(Verdict.UNKNOWN);
    }

    private long count(Verdict v) {
        return runs.stream().filter(r -> r.verdict() == v).count();
    }

    private List<RunSummary> summaries() {
        return runs.stream().map(RunOutcome::summary).filter(Objects::nonNull).toList();
    }

    /** How many repeats report the anomaly. */
    public long runsWith(String type) {
        return summaries().stream().filter(s -> s.anomalies(type) > 0).count();
    }

    /** The anomaly's count summed over the repeats. */
    public long total(String type) {
        return summaries().stream().mapToLong(s -> s.anomalies(type)).sum();
    }

    /** Every anomaly type any repeat reports, sorted. */
    public TreeSet<String> anomalyTypes() {
        TreeSet<String> t = new TreeSet<>();
        summaries().forEach(s -> s.anomalies().forEach((k, v) -> {
            if (v > 0) t.add(k);
        }));
        return t;
    }

    /** Sends refused with NotEnoughReplicas, summed over the repeats. */
    public long refused() {
        return summaries().stream().mapToLong(s -> s.sends().refused()).sum();
    }

    /** Mean share of sends acknowledged over the repeats (NaN without sends). */
    public double availability() {
        return mean(s -> s.sends().availability());
    }

    /** Mean acknowledged sends per second over the repeats. */
    public double throughput() {
        return mean(s -> s.sends().throughput());
    }

    /** The worst (largest) p99 latency of acknowledged sends over the repeats, ms. */
    public double p99Millis() {
        return summaries().stream().mapToDouble(s -> s.sends().latencyMillis(99)).filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
    }

    /** The longest time without an acknowledged send over the repeats, seconds. */
    public double longestNoAckSeconds() {
        return summaries().stream().mapToDouble(RunSummary::longestNoAckSeconds).filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
    }

    private double mean(ToDoubleFunction<RunSummary> f) {
        return summaries().stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
    }
}
