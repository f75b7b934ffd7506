package io.kchaos.tiered;

/**
 * Names of the bucket's layout that tools outside the broker read (docs/format.md, the tiered-storage bucket): plain
 * constants, no Kafka class, so the harness can use them.
 */
public final class BucketLayout {
    /** A segment's log file in its folder {@code <topic>-<partition>/<segment id>/}. */
    public static final String SEGMENT_LOG = "segment.log";
    /** The detail a call log gives a call that a remote-tier fault failed without running it (outcome {@code failed}). */
    public static final String INJECTED = "injected";
    /** What follows the detail of a call that a remote-tier fault delayed: {@code injected-delay-ms=<ms>}. */
    public static final String INJECTED_DELAY = "injected-delay-ms=";

    /** The call log's outcome of a line written before a call runs (a delete's intent), not a call's end. */
    public static final String STARTED = "started";
    /** The name of a broker's call log: {@code calls-<broker id>.log}. */
    public static final java.util.regex.Pattern CALL_LOG = java.util.regex.Pattern.compile("calls-(.+)\\.log");

    private BucketLayout() {
    }

    /** True for a folder of a copy or delete under way ({@code .copying-}, {@code .deleting-}) or any other hidden entry. */
    public static boolean hidden(String name) {
        return name.startsWith(".");
    }
}
