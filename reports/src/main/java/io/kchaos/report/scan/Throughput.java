package io.kchaos.report.scan;

import io.kchaos.history.OpType;

import java.util.Arrays;

/** Send completions per second of the run, by outcome (ok, fail, info). */
public final class Throughput {
    private long[][] counts = new long[3][64];
    private int seconds;

    void add(long time, OpType type) {
        int s = TimelineSeconds.of(time);
        if (s >= counts[0].length) {
            int n = Math.max(s + 1, counts[0].length * 2);
            for (int i = 0; i < counts.length; i++) counts[i] = Arrays.copyOf(counts[i], n);
        }
        counts[row(type)][s]++;
        seconds = Math.max(seconds, s + 1);
    }

    private static int row(OpType t) {
        return switch (t) {
            case OK -> 0;
            case FAIL -> 1;
            default -> 2;
        };
    }

    /** Number of seconds covered (the last second with a completion, plus one). */
    public int seconds() {
        return seconds;
    }

    /** Completions with that outcome during second {@code s}. */
    public long count(OpType type, int s) {
        return s < seconds ? counts[row(type)][s] : 0;
    }
}
