package io.kchaos.checker.queue;

import java.util.Arrays;

/**
 * A growable column of longs (values, offsets, history indexes) held as ints, 4 bytes each, while every value set fits
 * in an int, and as longs from the first one that does not.
 */
final class LongColumn {
    private int[] narrow;
    private long[] wide;

    LongColumn(int capacity) {
        narrow = new int[capacity];
    }

    long get(int i) {
        return wide != null ? wide[i] : narrow[i];
    }

    void set(int i, long v) {
        if (wide == null && v == (int) v) {
            narrow[i] = (int) v;
            return;
        }
        if (wide == null) widen();
        wide[i] = v;
    }

    int capacity() {
        return wide != null ? wide.length : narrow.length;
    }

    /** Grows to hold at least n entries (by half again, or to n). */
    void growTo(int n) {
        int capacity = Math.max(n, capacity() + (capacity() >> 1));
        if (wide != null) wide = Arrays.copyOf(wide, capacity);
        else narrow = Arrays.copyOf(narrow, capacity);
    }

    private void widen() {
        wide = new long[narrow.length];
        for (int i = 0; i < narrow.length; i++) wide[i] = narrow[i];
        narrow = null;
    }
}
