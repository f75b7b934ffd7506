package io.kchaos.report.scan;

import java.util.Arrays;

/** Acknowledged offsets of one partition not yet read, smallest offset first, each with its acknowledgement time. */
final class AckHeap {
    private long[] offsets = new long[64];
    private long[] times = new long[64];
    private int size;

    void push(long offset, long time) {
        if (size == offsets.length) {
            offsets = Arrays.copyOf(offsets, size * 2);
            times = Arrays.copyOf(times, size * 2);
        }
        int k = size++;
        while (k > 0) {
            int parent = (k - 1) >>> 1;
            if (offsets[parent] <= offset) break;
            offsets[k] = offsets[parent];
            times[k] = times[parent];
            k = parent;
        }
        offsets[k] = offset;
        times[k] = time;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    long minOffset() {
        return offsets[0];
    }

    long minOffsetTime() {
        return times[0];
    }

    void pop() {
        long offset = offsets[--size];
        long time = times[size];
        int k = 0;
        while (true) {
            int child = 2 * k + 1;
            if (child >= size) break;
            if (child + 1 < size && offsets[child + 1] < offsets[child]) child++;
            if (offsets[child] >= offset) break;
            offsets[k] = offsets[child];
            times[k] = times[child];
            k = child;
        }
        offsets[k] = offset;
        times[k] = time;
    }
}
