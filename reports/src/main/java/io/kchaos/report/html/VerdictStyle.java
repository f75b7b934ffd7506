package io.kchaos.report.html;

import io.kchaos.checker.result.Verdict;

/** How a verdict looks on every page: its short word, its table-cell class and its banner class. */
public final class VerdictStyle {
    private VerdictStyle() {
    }

    /** "valid", "anomalies" or "could not judge". */
    public static String word(Verdict v) {
        return switch (v) {
            case VALID -> "valid";
            case INVALID -> "anomalies";
            default -> "could not judge";
        };
    }

    /** The run banner's headline: "VALID", "ANOMALIES FOUND" or "COULD NOT JUDGE". */
    public static String headline(Verdict v) {
        return v == Verdict.INVALID ? "ANOMALIES FOUND" : word(v).toUpperCase(java.util.Locale.ROOT);
    }

    /** The class of a table cell coloured by verdict. */
    public static String cell(Verdict v) {
        return "c-" + suffix(v);
    }

    /** The class of a banner coloured by verdict. */
    public static String banner(Verdict v) {
        return "v-" + suffix(v);
    }

    private static String suffix(Verdict v) {
        return switch (v) {
            case VALID -> "valid";
            case INVALID -> "invalid";
            default -> "unknown";
        };
    }
}
