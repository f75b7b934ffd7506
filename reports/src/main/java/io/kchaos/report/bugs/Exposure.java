package io.kchaos.report.bugs;

import io.kchaos.checker.result.Verdict;

/**
 * The known-bug pack's answer for one bug on one release: exposed (the bug's anomaly appeared in a run), safe (a fixed
 * release whose runs stayed free of it), not applicable (outside the bug's ranges, decided without a run) or
 * inconclusive (no run could decide).
 */
public enum Exposure {
    EXPOSED("exposed", Verdict.INVALID),
    SAFE("safe", Verdict.VALID),
    NOT_APPLICABLE("not applicable", Verdict.VALID),
    INCONCLUSIVE("inconclusive", Verdict.UNKNOWN);

    private final String word;
    private final Verdict colour;

    Exposure(String word, Verdict colour) {
        this.word = word;
        this.colour = colour;
    }

    /** "exposed", "safe", "not applicable" or "inconclusive". */
    public String word() {
        return word;
    }

    /** The verdict whose colour the answer takes on a page: red when exposed, orange when inconclusive, else green. */
    public Verdict colour() {
        return colour;
    }
}
