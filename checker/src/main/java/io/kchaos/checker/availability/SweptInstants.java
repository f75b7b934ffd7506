package io.kchaos.checker.availability;

import java.util.Arrays;

/**
 * The distinct instants the sweep has passed at which figures may be asked (the times of the nemesis ops), in time
 * order, each found again by its ordinal.
 */
final class SweptInstants {
    private long[] times = new long[16];
    private int size;

    /** Adds the next instant, which is after every one before it; returns false (adding nothing) when it is the last. */
    boolean add(long time) {
        if (size > 0 && times[size - 1] == time) return false;
        if (size == times.length) times = Arrays.copyOf(times, size * 2);
        times[size++] = time;
        return true;
    }

    int size() {
        return size;
    }

    /** The ordinal of {@code time}, which must be one of the instants. */
    int indexOf(long time) {
        int i = Arrays.binarySearch(times, 0, size, time);
        if (i < 0) throw new IllegalArgumentException("no nemesis op at " + time + " ns: availability is asked only at nemesis ops' times");
        return i;
    }
}
