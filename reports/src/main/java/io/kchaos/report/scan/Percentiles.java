package io.kchaos.report.scan;

import org.HdrHistogram.Histogram;

/** Latency percentiles in milliseconds of one kind of operation; all NaN when nothing was recorded. */
public record Percentiles(long count, double p50, double p90, double p99, double p999, double max) {
    private static final double MICROS_PER_MILLI = 1000.0;

    static Percentiles of(Histogram h) {
        if (h.getTotalCount() == 0) return new Percentiles(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        return new Percentiles(h.getTotalCount(), ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(90)),
                ms(h.getValueAtPercentile(99)), ms(h.getValueAtPercentile(99.9)), ms(h.getMaxValue()));
    }

    private static double ms(long micros) {
        return micros / MICROS_PER_MILLI;
    }
}
