package io.kchaos.checker.availability;

import java.util.Arrays;

/**
 * The acknowledged sends between consecutive swept instants, seen once in time order: how many came at or before
 * each instant, and each stretch's first and last time and longest inner gap, so that the count and the longest gap
 * between two instants (a one-off action's span) come out as they would from every time.
 */
final class AckSegments {
    private final SweptInstants instants;
    private int[] countAtInstant = new int[16];
    private long[] first = new long[16];
    private long[] last = new long[16];
    private long[] innerGap = new long[16];
    private int count;

    AckSegments(SweptInstants instants) {
        this.instants = instants;
    }

    /** The next acknowledged send's time, after every instant swept so far. */
    void add(long t) {
        int k = instants.size() - 1;
        if (k >= 0) {
            if (count == countAtInstant[k]) first[k] = t;
            else innerGap[k] = Math.max(innerGap[k], t - last[k]);
            last[k] = t;
        }
        count++;
    }

    /** The sweep passed a new instant: the sends after it begin a new stretch. */
    void passed() {
        int k = instants.size() - 1;
        if (k == first.length) {
            int n = k * 2;
            countAtInstant = Arrays.copyOf(countAtInstant, n);
            first = Arrays.copyOf(first, n);
            last = Arrays.copyOf(last, n);
            innerGap = Arrays.copyOf(innerGap, n);
        }
        countAtInstant[k] = count;
        innerGap[k] = 0;
    }

    /** How many times fall in (from, to], two swept instants. */
    int countBetween(long from, long to) {
        return countAtInstant[instants.indexOf(to)] - countAtInstant[instants.indexOf(from)];
    }

    /** The longest stretch of (from, to), two swept instants, with no time in it. */
    long longestGap(long from, long to) {
        int end = instants.indexOf(to);
        long best = 0;
        long prev = from;
        for (int k = instants.indexOf(from); k < end; k++) {
            if (countAtInstant[k + 1] == countAtInstant[k]) continue;
            best = Math.max(best, Math.max(first[k] - prev, innerGap[k]));
            prev = last[k];
        }
        return Math.max(best, to - prev);
    }
}
