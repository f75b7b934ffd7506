package io.kchaos.checker.availability;

import java.util.Arrays;

/**
 * Acknowledged-send times waiting to be swept, each with a small tag (its partition's series, or -1), kept sorted by
 * time: a time at or after the last is appended, an earlier one is inserted (a cost only for out-of-order times).
 */
final class TimeOrderBuffer {
    private long[] times = new long[1024];
    private int[] tags = new int[1024];
    private int head;
    private int tail;

    void add(long time, int tag) {
        if (tail == times.length) makeRoom();
        int at = tail;
        if (tail > head && times[tail - 1] > time) {
            at = upperBound(time);
            System.arraycopy(times, at, times, at + 1, tail - at);
            System.arraycopy(tags, at, tags, at + 1, tail - at);
        }
        times[at] = time;
        tags[at] = tag;
        tail++;
    }

    boolean isEmpty() {
        return head == tail;
    }

    long firstTime() {
        return times[head];
    }

    int firstTag() {
        return tags[head];
    }

    void removeFirst() {
        if (++head == tail) head = tail = 0;
    }

    /** The first position whose time is after {@code time}: equal times stay in arrival order. */
    private int upperBound(long time) {
        int lo = head;
        int hi = tail;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= time) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** Moves the waiting times to the front, growing the arrays only when they are more than half full. */
    private void makeRoom() {
        int n = tail - head;
        if (n > times.length / 2) {
            times = Arrays.copyOf(times, times.length * 2);
            tags = Arrays.copyOf(tags, tags.length * 2);
        }
        System.arraycopy(times, head, times, 0, n);
        System.arraycopy(tags, head, tags, 0, n);
        head = 0;
        tail = n;
    }
}
