package io.kchaos.checker.replica;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The committed offset ranges one final-ISR replica lacks, gathered during the lock-step walk and at its end, each
 * with its cause ({@code absent}: the log does not have them; {@code corrupt}: they sit in bytes already reported as
 * {@code corrupt-batch}) and the number of records another replica holds there. Adjacent ranges of one cause merge.
 */
final class MissingRanges {
    /** Why a final-ISR replica lacks committed offsets. */
    enum Cause {
        ABSENT("absent"), CORRUPT("corrupt");

        final String key;

        Cause(String key) {
            this.key = key;
        }
    }

    /** One missing range; {@code records} counts what other replicas hold in it, -1 when none holds any of it. */
    record Range(long from, long to, long records, Cause cause) {
        long offsets() {
            return to - from + 1;
        }
    }

    private final List<long[]> damage = new ArrayList<>();
    private final List<Range> ranges = new ArrayList<>();
    private long through = Long.MIN_VALUE;

    /** Offsets {@code from..to} (to may be Long.MAX_VALUE) lie in bytes reported as corrupt. */
    void damaged(long from, long to) {
        if (to >= from) damage.add(new long[] {from, to});
    }

    /** The highest offset recorded as missing so far, or Long.MIN_VALUE. */
    long through() {
        return through;
    }

    /**
     * Records {@code from..to} as missing; {@code heldBy} is the batch another replica holds at {@code from} (or null),
     * whose records in the range are counted.
     */
    void missing(long from, long to, BatchInfo heldBy) {
        if (to < from) return;
        through = Math.max(through, to);
        long start = from;
        while (start <= to) {
            long[] d = damageAt(start);
            long end;
            Cause cause;
            if (d != null) {
                end = Math.min(to, d[1]);
                cause = Cause.CORRUPT;
            } else {
                end = Math.min(to, nextDamageStart(start) - 1);
                cause = Cause.ABSENT;
            }
            add(new Range(start, end, recordsIn(heldBy, start, end), cause));
            start = end + 1;
            if (end == Long.MAX_VALUE) break;
        }
    }

    /**
     * Ends the walk: damaged offsets in {@code [logStart, highWatermark)} that no replica held (so the walk never
     * visited them) are missing too; returns every range in offset order, merged.
     */
    List<Range> finish(long logStart, long highWatermark) {
        for (long[] d : damage) {
            long from = Math.max(d[0], logStart);
            long to = Math.min(d[1], highWatermark - 1);
            for (long[] gap : uncovered(from, to)) missing(gap[0], gap[1], null);
        }
        ranges.sort(Comparator.comparingLong(Range::from));
        List<Range> merged = new ArrayList<>();
        for (Range r : ranges) {
            Range last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && last.cause() == r.cause() && last.to() + 1 == r.from()) {
                merged.set(merged.size() - 1, new Range(last.from(), r.to(), sum(last.records(), r.records()), r.cause()));
            } else {
                merged.add(r);
            }
        }
        return merged;
    }

    private void add(Range r) {
        Range last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
        if (last != null && last.cause() == r.cause() && last.to() + 1 == r.from()) {
            ranges.set(ranges.size() - 1, new Range(last.from(), r.to(), sum(last.records(), r.records()), r.cause()));
        } else {
            ranges.add(r);
        }
    }

    /** The parts of {@code from..to} not yet recorded as missing. */
    private List<long[]> uncovered(long from, long to) {
        List<long[]> out = new ArrayList<>();
        long start = from;
        for (Range r : ranges.stream().sorted(Comparator.comparingLong(Range::from)).toList()) {
            if (start > to) break;
            if (r.to() < start || r.from() > to) continue;
            if (r.from() > start) out.add(new long[] {start, r.from() - 1});
            start = r.to() == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(start, r.to() + 1);
        }
        if (start <= to) out.add(new long[] {start, to});
        return out;
    }

    private long[] damageAt(long offset) {
        for (long[] d : damage) {
            if (d[0] <= offset && offset <= d[1]) return d;
        }
        return null;
    }

    private long nextDamageStart(long offset) {
        long next = Long.MAX_VALUE;
        for (long[] d : damage) {
            if (d[0] > offset) next = Math.min(next, d[0]);
        }
        return next;
    }

    /**
     * Records of {@code batch} within {@code from..to}: exact for a batch with one record per offset (no compaction),
     * else all its records when it starts in the range.
     */
    private static long recordsIn(BatchInfo batch, long from, long to) {
        if (batch == null || batch.recordCount() < 0) return -1;
        long lo = Math.max(from, batch.baseOffset());
        long hi = Math.min(to, batch.lastOffset());
        if (hi < lo) return 0;
        boolean dense = batch.recordCount() == batch.lastOffset() - batch.baseOffset() + 1;
        if (dense) return hi - lo + 1;
        return batch.baseOffset() >= from ? batch.recordCount() : 0;
    }

    private static long sum(long a, long b) {
        if (a < 0) return b;
        if (b < 0) return a;
        return a + b;
    }
}
