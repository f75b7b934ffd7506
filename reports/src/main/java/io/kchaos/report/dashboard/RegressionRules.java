package io.kchaos.report.dashboard;

import io.kchaos.checker.result.Verdict;
import io.kchaos.report.Format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * When a run is a regression of its scenario's earlier runs: it is invalid and the previous judged run was valid; or
 * its longest unavailability rose by more than the share, or its acknowledged sends per second fell by more than the
 * share, against the median of the scenario's last {@value #RECENT} runs that have the figure.
 */
public final class RegressionRules {
    /** How many earlier runs the median is taken over. */
    public static final int RECENT = 5;

    /** What the rules look at in one run; NaN where a figure is unknown. */
    public record Sample(Verdict verdict, double acksPerSecond, double longestNoAckSeconds) {
    }

    private final double share;

    /** @param share the drop (and rise) that counts, in (0, 1), e.g. 0.5 for 50 % */
    public RegressionRules(double share) {
        if (!(share > 0 && share < 1)) throw new IllegalArgumentException("--drop-share must be between 0 and 1 (exclusive), not " + share);
        this.share = share;
    }

    /** Why {@code now} regressed against {@code earlier} (the same scenario's runs before it, oldest first); empty when it did not. */
    public List<String> reasons(Sample now, List<Sample> earlier) {
        List<String> out = new ArrayList<>();
        Sample previous = null;
        for (Sample s : earlier) if (s.verdict() != Verdict.UNKNOWN) previous = s;
        if (previous != null && previous.verdict() == Verdict.VALID && now.verdict() == Verdict.INVALID) {
            out.add("turned invalid: the previous judged run of this scenario was valid");
        }
        double[] acks = recent(earlier, Sample::acksPerSecond);
        double acksMedian = median(acks);
        if (!Double.isNaN(now.acksPerSecond()) && acksMedian > 0 && now.acksPerSecond() < acksMedian * (1 - share)) {
            out.add("throughput: " + Format.decimal(now.acksPerSecond(), 1) + " acks/s, down " + percent(1 - now.acksPerSecond() / acksMedian)
                    + " from the median " + Format.decimal(acksMedian, 1) + " of the " + acks.length + " runs before");
        }
        double[] gaps = recent(earlier, Sample::longestNoAckSeconds);
        double gapMedian = median(gaps);
        if (!Double.isNaN(now.longestNoAckSeconds()) && gapMedian > 0 && now.longestNoAckSeconds() > gapMedian * (1 + share)) {
            out.add("availability: longest unavailability " + Format.decimal(now.longestNoAckSeconds(), 2) + " s, up "
                    + percent(now.longestNoAckSeconds() / gapMedian - 1) + " on the median " + Format.decimal(gapMedian, 2)
                    + " s of the " + gaps.length + " runs before");
        }
        return out;
    }

    /** The figure of the last {@value #RECENT} earlier runs that have it. */
    private static double[] recent(List<Sample> earlier, ToDoubleFunction<Sample> figure) {
        double[] all = earlier.stream().mapToDouble(figure).filter(d -> !Double.isNaN(d)).toArray();
        return Arrays.copyOfRange(all, Math.max(0, all.length - RECENT), all.length);
    }

    /** The median, NaN for none. */
    static double median(double[] values) {
        if (values.length == 0) return Double.NaN;
        double[] v = values.clone();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }

    private static String percent(double fraction) {
        return Math.round(fraction * 100) + " %";
    }

    public double share() {
        return share;
    }
}
