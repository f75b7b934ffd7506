package io.kchaos.checker.availability;

import java.util.Arrays;

/**
 * One series of acknowledged-send times (all sends, or one partition's), seen once in time order: how many, the
 * latest, the first after each swept instant, and the longest stretch of the workload without one, without keeping
 * the times.
 */
final class AckSeries {
    /** The longest stretch without an acknowledged send, in ns, and where it began. */
    record Gap(long nanos, long from) {
    }

    private final SweptInstants instants;
    private long[] firstAfter = new long[16];
    private int answered;
    private int count;
    private long last = Long.MIN_VALUE;
    private boolean inWindow;
    private long prev;
    private long best = -1;
    private long bestFrom;

    AckSeries(SweptInstants instants) {
        this.instants = instants;
    }

    /**
     * The next time, no earlier than any before it and after every instant swept so far; {@code windowStart} is the
     * workload's start (the first send's invocation) when it is at or before {@code t}, else anything after {@code t}.
     */
    void add(long t, long windowStart) {
        count++;
        last = Math.max(last, t);
        int n = instants.size();
        if (answered < n) {
            if (n > firstAfter.length) firstAfter = Arrays.copyOf(firstAfter, Math.max(n, firstAfter.length * 2));
            Arrays.fill(firstAfter, answered, n, t);
            answered = n;
        }
        if (windowStart <= t) {
            if (!inWindow) {
                inWindow = true;
                prev = windowStart;
            }
            stretch(t);
        }
    }

    private void stretch(long t) {
        if (t - prev > best) {
            best = t - prev;
            bestFrom = prev;
        }
        prev = Math.max(prev, t);
    }

    int size() {
        return count;
    }

    /** The latest time; only when {@link #size} is positive. */
    long last() {
        return last;
    }

    /** The first time strictly after the swept instant {@code t}, or -1. */
    long firstAfter(long t) {
        int i = instants.indexOf(t);
        return i < answered ? firstAfter[i] : -1;
    }

    /**
     * The longest stretch of the workload ({@code from}, the first send's invocation, .. {@code to}, the last send's
     * completion) with no time in it, the earliest of equals; null when there was no workload.
     */
    Gap longestGap(long from, long to) {
        if (from > to) return null;
        long p = inWindow ? prev : from;
        long b = best;
        long bFrom = bestFrom;
        if (to - p > b) {
            b = to - p;
            bFrom = p;
        }
        return new Gap(b, bFrom);
    }
}
