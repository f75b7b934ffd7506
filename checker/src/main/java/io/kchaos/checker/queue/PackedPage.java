package io.kchaos.checker.queue;

import java.util.Arrays;

/**
 * An immutable page of longs packed without loss: each entry as its distance from a straight line fitted through the
 * page, in just as many bits as the widest distance needs, with up to {@link #MAX_EXCEPTIONS} outlying entries kept
 * whole aside. A history's columns (indexes, times, offsets, values in order of first mention) mostly grow steadily,
 * so their entries cost a few bits to 3 bytes instead of 2 to 8.
 */
final class PackedPage {
    static final int MAX_EXCEPTIONS = 16;
    private static final int SLOPE_BITS = 16;

    private final int size;
    private final long intercept;
    private final long slope;
    private final int width;
    private final long[] bits;
    private final short[] exceptionAt;
    private final long[] exceptions;

    private PackedPage(int size, long intercept, long slope, int width, long[] bits, short[] exceptionAt, long[] exceptions) {
        this.size = size;
        this.intercept = intercept;
        this.slope = slope;
        this.width = width;
        this.bits = bits;
        this.exceptionAt = exceptionAt;
        this.exceptions = exceptions;
    }

    /**
     * Packs the entries (at most 32,768 of them); null when the line cannot be fitted without overflow (entries far
     * apart near the ends of the long range), in which case the caller keeps them as they are.
     */
    static PackedPage of(long[] entries) {
        int n = entries.length;
        long slope = slope(entries);
        long intercept = entries[0];
        long[] residuals = new long[n];
        try {
            for (int j = 0; j < n; j++) residuals[j] = Math.subtractExact(entries[j], line(intercept, slope, j));
        } catch (ArithmeticException overflow) {
            return null;
        }
        long[] sorted = residuals.clone();
        Arrays.sort(sorted);
        int outliers = Math.min(MAX_EXCEPTIONS, n - 1);
        int bestLow = 0;
        long bestRange = Long.MAX_VALUE;
        for (int low = 0; low <= outliers; low++) { // drop `low` entries below and the rest of the outliers above
            long range = sorted[n - 1 - (outliers - low)] - sorted[low];
            if (range >= 0 && Long.compareUnsigned(range, bestRange) < 0) {
                bestRange = range;
                bestLow = low;
            }
        }
        if (bestRange == Long.MAX_VALUE) return null; // residuals spanning more than a long
        long min = sorted[bestLow];
        long max = min + bestRange;
        int width = 64 - Long.numberOfLeadingZeros(bestRange);
        long[] bits = new long[(int) (((long) n * width + 63) >>> 6)];
        short[] exceptionAt = new short[outliers];
        long[] exceptions = new long[outliers];
        int e = 0;
        for (int j = 0; j < n; j++) {
            long r = residuals[j];
            if (r < min || r > max) {
                exceptionAt[e] = (short) j;
                exceptions[e++] = entries[j];
            } else {
                put(bits, j, width, r - min);
            }
        }
        return new PackedPage(n, intercept + min, slope, width, bits, Arrays.copyOf(exceptionAt, e),
                Arrays.copyOf(exceptions, e));
    }

    long get(int j) {
        if (exceptionAt.length > 0) {
            int e = Arrays.binarySearch(exceptionAt, (short) j);
            if (e >= 0) return exceptions[e];
        }
        return line(intercept, slope, j) + take(j);
    }

    int size() {
        return size;
    }

    /** Every entry, unpacked. */
    long[] entries() {
        long[] out = new long[size];
        for (int j = 0; j < size; j++) out[j] = get(j);
        return out;
    }

    /** The bytes this page holds, headers aside. */
    long bytes() {
        return 8L * bits.length + 10L * exceptions.length;
    }

    /** The slope between the means of the two halves, in units of 2^-16 per entry; 0 when it would not fit. */
    private static long slope(long[] entries) {
        int half = entries.length / 2;
        if (half == 0) return 0;
        double first = 0;
        double second = 0;
        for (int j = 0; j < half; j++) {
            first += entries[j];
            second += entries[half + j];
        }
        double s = (second - first) / half / half * (1 << SLOPE_BITS);
        return Math.abs(s) < 1L << 46 ? Math.round(s) : 0; // times an index below 2^15: no overflow
    }

    private static long line(long intercept, long slope, int j) {
        return intercept + ((slope * j) >> SLOPE_BITS);
    }

    private long take(int j) {
        if (width == 0) return 0;
        long bit = (long) j * width;
        int word = (int) (bit >>> 6);
        int shift = (int) (bit & 63);
        long v = bits[word] >>> shift;
        if (shift + width > 64) v |= bits[word + 1] << (64 - shift);
        return width == 64 ? v : v & ((1L << width) - 1);
    }

    private static void put(long[] bits, int j, int width, long v) {
        if (width == 0) return;
        long bit = (long) j * width;
        int word = (int) (bit >>> 6);
        int shift = (int) (bit & 63);
        bits[word] |= v << shift;
        if (shift + width > 64) bits[word + 1] |= v >>> (64 - shift);
    }
}
