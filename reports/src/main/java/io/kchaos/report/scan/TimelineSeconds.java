package io.kchaos.report.scan;

/**
 * The report's per-second timeline: which second of the run a history time (nanoseconds from the start) falls in,
 * bounded so that a damaged or absurd time cannot make the charts' arrays take the heap (a run of two days at most is
 * charted; later ops count in the last second).
 */
final class TimelineSeconds {
    static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** The last second the charts have: two days. */
    static final int MAX = 2 * 24 * 3600;

    private TimelineSeconds() {
    }

    /** The second {@code nanos} falls in, in [0, {@link #MAX}]. */
    static int of(long nanos) {
        return (int) Math.max(0, Math.min(MAX, nanos / NANOS_PER_SECOND));
    }

    /** A warning when the history runs past the charted timeline, else null. */
    static String beyond(long endNanos) {
        if (endNanos / NANOS_PER_SECOND <= MAX) return null;
        return "the history's times run to " + endNanos / NANOS_PER_SECOND + " s; the report charts the first " + MAX
                + " s (two days) and counts later operations in its last second";
    }
}
