package io.kchaos.checker.queue;

import java.util.Arrays;

/**
 * Forward jumps of consumers (from offset a to b &gt; a+1 of a partition), kept in primitive arrays until the end of
 * the pass, when every offset known to hold a record is known and each jump can be judged a skip or not.
 */
final class PollJumps {
    private int size;
    private int[] process = new int[64];
    private int[] partition = new int[64];
    private long[] from = new long[64];
    private long[] fromIndex = new long[64];
    private long[] to = new long[64];
    private long[] index = new long[64];

    void add(int process, int partition, long from, long fromIndex, long to, long index) {
        if (size == this.process.length) grow();
        this.process[size] = process;
        this.partition[size] = partition;
        this.from[size] = from;
        this.fromIndex[size] = fromIndex;
        this.to[size] = to;
        this.index[size] = index;
        size++;
    }

    int size() {
        return size;
    }

    int process(int i) {
        return process[i];
    }

    int partition(int i) {
        return partition[i];
    }

    long from(int i) {
        return from[i];
    }

    long fromIndex(int i) {
        return fromIndex[i];
    }

    long to(int i) {
        return to[i];
    }

    long index(int i) {
        return index[i];
    }

    private void grow() {
        int n = size * 2;
        process = Arrays.copyOf(process, n);
        partition = Arrays.copyOf(partition, n);
        from = Arrays.copyOf(from, n);
        fromIndex = Arrays.copyOf(fromIndex, n);
        to = Arrays.copyOf(to, n);
        index = Arrays.copyOf(index, n);
    }
}
