package io.kchaos.report;

import io.kchaos.checker.result.Verdict;

/** How many runs (or cells) came out valid, with anomalies, and unjudged; the second line of a matrix's banner. */
public record VerdictCounts(long valid, long invalid, long unknown) {

    /** Counts the verdicts. */
    public static VerdictCounts of(Iterable<Verdict> verdicts) {
        long v = 0;
        long i = 0;
        long u = 0;
        for (Verdict x : verdicts) {
            switch (x) {
                case VALID -> v++;
                case INVALID -> i++;
                default -> u++;
            }
        }
        return new VerdictCounts(v, i, u);
    }

    public long total() {
        return valid + invalid + unknown;
    }

    /** The worst verdict counted; UNKNOWN when nothing was counted. */
    public Verdict worst() {
        if (invalid > 0) return Verdict.INVALID;
        return unknown > 0 || total() == 0 ? Verdict.UNKNOWN : Verdict.VALID;
    }

    /** E.g. "3 cells: 1 valid, 1 with anomalies, 1 could not judge". */
    public String text(String unit) {
        return total() + " " + unit + ": " + valid + " valid, " + invalid + " with anomalies, " + unknown + " could not judge";
    }
}
