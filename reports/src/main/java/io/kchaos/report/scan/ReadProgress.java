package io.kchaos.report.scan;

import io.kchaos.history.Op;
import io.kchaos.history.OpType;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Follows acknowledged sends and reads through the run, second by second: acknowledged sends per second of each
 * partition; Jepsen's "unseen" count (acknowledged sends whose offset no consumer has read up to yet) and the consumer
 * lag in seconds (the age of the oldest such send) at the end of each second. Holds only the unseen sends, never the
 * history. A read at or past an offset counts as reading it (whether the value there is the acknowledged one is the
 * checker's question).
 */
public final class ReadProgress implements ValueOffsets.Sink {
    private static final long NANOS_PER_SECOND = TimelineSeconds.NANOS_PER_SECOND;

    private final Map<Integer, Partition> partitions = new TreeMap<>();
    private long[] unseen = new long[64];
    private double[] lagSeconds = new double[64];
    private int sampled;
    private long unseenNow;
    private long time;
    private boolean ack;

    /** Takes the pairs of a parsed op, when it is an acknowledged send or a read. */
    void offer(Op op) {
        boolean ack = isAck(op.type(), op.f());
        if (ack || isRead(op.type(), op.f())) {
            at(op.time(), ack);
            ValueOffsets.of(op.value(), this);
        }
    }

    static boolean isAck(OpType type, String f) {
        return type == OpType.OK && "send".equals(f);
    }

    static boolean isRead(OpType type, String f) {
        return type == OpType.OK && ("poll".equals(f) || "drain".equals(f));
    }

    /** The next pairs are acknowledgements ({@code true}) or reads, at {@code time}. */
    void at(long time, boolean ack) {
        this.time = time;
        this.ack = ack;
        sampleUpTo(time);
    }

    @Override
    public void pair(int partition, long offset) {
        Partition p = partitions.computeIfAbsent(partition, k -> new Partition());
        if (ack) {
            p.count(time);
            if (offset > p.readUpTo) {
                p.unseen.push(offset, time);
                unseenNow++;
            }
        } else if (offset > p.readUpTo) {
            p.readUpTo = offset;
            while (!p.unseen.isEmpty() && p.unseen.minOffset() <= offset) {
                p.unseen.pop();
                unseenNow--;
            }
        }
    }

    /** Samples the seconds that ended before {@code t}. */
    private void sampleUpTo(long t) {
        long second = Math.min(t / NANOS_PER_SECOND, TimelineSeconds.MAX + 1L);
        while (sampled < second) {
            if (sampled == unseen.length) {
                unseen = Arrays.copyOf(unseen, sampled * 2);
                lagSeconds = Arrays.copyOf(lagSeconds, sampled * 2);
            }
            long endOfSecond = (sampled + 1) * NANOS_PER_SECOND;
            long oldest = Long.MAX_VALUE;
            for (Partition p : partitions.values()) {
                if (!p.unseen.isEmpty()) oldest = Math.min(oldest, p.unseen.minOffsetTime());
            }
            unseen[sampled] = unseenNow;
            lagSeconds[sampled] = oldest == Long.MAX_VALUE ? 0 : Math.max(0, endOfSecond - oldest) / 1e9;
            sampled++;
        }
    }

    /** Samples up to the end of the run. */
    void finish(long end) {
        sampleUpTo(end > Long.MAX_VALUE - NANOS_PER_SECOND ? end : end + NANOS_PER_SECOND - 1);
    }

    /** Seconds sampled. */
    public int seconds() {
        return sampled;
    }

    /** Unseen acknowledged sends at the end of each second. */
    public double[] unseen() {
        double[] out = new double[sampled];
        for (int s = 0; s < sampled; s++) out[s] = unseen[s];
        return out;
    }

    /** Consumer lag in seconds (age of the oldest unseen acknowledged send) at the end of each second. */
    public double[] lagSeconds() {
        return Arrays.copyOf(lagSeconds, sampled);
    }

    /** Acknowledged sends per second of each partition that had one, by partition. */
    public Map<Integer, double[]> acksPerPartition() {
        Map<Integer, double[]> out = new TreeMap<>();
        partitions.forEach((p, part) -> {
            double[] v = new double[sampled];
            for (int s = 0; s < Math.min(sampled, part.acks.length); s++) v[s] = part.acks[s];
            out.put(p, v);
        });
        return out;
    }

    /** One partition: its acknowledgements per second, how far it was read, and its unseen sends. */
    private static final class Partition {
        final AckHeap unseen = new AckHeap();
        long[] acks = new long[64];
        long readUpTo = -1;

        void count(long t) {
            int s = TimelineSeconds.of(t);
            if (s >= acks.length) acks = Arrays.copyOf(acks, Math.max(s + 1, acks.length * 2));
            acks[s]++;
        }
    }
}
