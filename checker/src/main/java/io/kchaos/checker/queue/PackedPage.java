package io.kchaos.checker.queue;

import java.util.Arrays;

/**
 * An immutable page of longs packed without loss: each entry as its distance from a straight line fitted through the
 * page, in just as many bits as the widest distance needs, with the outlying entries kept whole aside when that
 * costs fewer bytes (up to one in 16 entries), and block by block of 64 entries, each as its distance from its block's
 * lowest in as many bits as its block needs, when that costs fewer bytes (a page that drifts off its line). A history's
 * columns (indexes, times, offsets, values in order of first mention) mostly grow steadily, so their entries cost a few
 * bits to 3 bytes instead of 2 to 8.
 */
final class PackedPage {
    /** Exceptions a page of any size may hold; a larger one may hold one in 16 of its entries. */
    static final int MAX_EXCEPTIONS = 16;
    /** What an exception costs: its position and its entry. */
    private static final long EXCEPTION_BITS = 8L * (Short.BYTES + Long.BYTES);
    private static final int SLOPE_BITS = 16;
    /** Entries per block (2^BLOCK_BITS) of a page whose blocks lie each in a narrower band than the whole page. */
    private static final int BLOCK_BITS = 6;
    private static final int BLOCK = 1 << BLOCK_BITS;

    private final int size;
    private final long intercept;
    private final long slope;
    private final int width;
    private final long[] bits;
    private final short[] exceptionAt;
    private final long[] exceptions;
    /** Null, or each block's width: its entries are then distances from its own lowest, held in {@link #blockLows}. */
    private final byte[] blockWidths;
    /** Each block's lowest entry's distance from the line, in {@link #width} bits (with {@link #blockWidths} only). */
    private final long[] blockLows;

    private PackedPage(int size, long intercept, long slope, int width, long[] bits, short[] exceptionAt, long[] exceptions,
                       byte[] blockWidths, long[] blockLows) {
        this.size = size;
        this.intercept = intercept;
        this.slope = slope;
        this.width = width;
        this.bits = bits;
        this.exceptionAt = exceptionAt;
        this.exceptions = exceptions;
        this.blockWidths = blockWidths;
        this.blockLows = blockLows;
    }

    /**
     * Packs the entries (at most 32,768 of them); null when the line cannot be fitted without overflow (entries far
     * apart near the ends of the long range), in which case the caller keeps them as they are.
     */
    static PackedPage of(long[] entries) {
        PackedPage byMeans = of(entries, slope(entries, PackedPage::mean));
        if (byMeans != null && byMeans.exceptions.length == 0) return byMeans; // no outlier to tilt the means
        PackedPage byMedians = of(entries, slope(entries, PackedPage::median));
        if (byMeans == null || byMedians == null) return byMeans == null ? byMedians : byMeans;
        return byMedians.bytes() < byMeans.bytes() ? byMedians : byMeans;
    }

    /** Packs the entries around the line of the given slope from the first entry; null when that would overflow. */
    private static PackedPage of(long[] entries, long slope) {
        int n = entries.length;
        long intercept = entries[0];
        long[] residuals = new long[n];
        try {
            for (int j = 0; j < n; j++) residuals[j] = Math.subtractExact(entries[j], line(intercept, slope, j));
        } catch (ArithmeticException overflow) {
            return null;
        }
        long[] sorted = residuals.clone();
        Arrays.sort(sorted);
        int bestLow = 0;
        long bestRange = Long.MAX_VALUE;
        long bestBits = Long.MAX_VALUE;
        for (int outliers = 0; outliers <= maxExceptions(n); outliers++) {
            for (int low = 0; low <= outliers; low++) { // drop `low` entries below and the rest of the outliers above
                long range = sorted[n - 1 - (outliers - low)] - sorted[low];
                if (range < 0) continue; // spanning more than a long
                long bits = (long) n * (64 - Long.numberOfLeadingZeros(range)) + EXCEPTION_BITS * outliers;
                if (bits < bestBits) {
                    bestBits = bits;
                    bestRange = range;
                    bestLow = low;
                }
            }
        }
        if (bestRange == Long.MAX_VALUE) return null; // residuals spanning more than a long
        long min = sorted[bestLow];
        long max = min + bestRange;
        int width = 64 - Long.numberOfLeadingZeros(bestRange);
        short[] exceptionAt = new short[n];
        long[] exceptions = new long[n];
        int e = 0;
        for (int j = 0; j < n; j++) {
            long r = residuals[j];
            if (r < min || r > max) {
                exceptionAt[e] = (short) j;
                exceptions[e++] = entries[j];
                residuals[j] = -1; // aside: not held in the bits
            } else {
                residuals[j] = r - min; // from here on, distances from the page's lowest
            }
        }
        byte[] blockWidths = blockWidths(residuals, width);
        long[] blockLows = null;
        long[] bits;
        if (blockWidths == null) {
            bits = new long[(int) (((long) n * width + 63) >>> 6)];
            for (int j = 0; j < n; j++) if (residuals[j] >= 0) put(bits, (long) j * width, width, residuals[j]);
        } else {
            int blocks = blockWidths.length;
            blockLows = new long[(int) (((long) blocks * width + 63) >>> 6)];
            long total = 0;
            for (int b = 0; b < blocks; b++) total += (long) blockWidths[b] * (Math.min(n, (b + 1) * BLOCK) - b * BLOCK);
            bits = new long[(int) ((total + 63) >>> 6)];
            long bit = 0;
            for (int b = 0; b < blocks; b++) {
                int from = b * BLOCK;
                int to = Math.min(n, from + BLOCK);
                long low = lowest(residuals, from, to);
                put(blockLows, (long) b * width, width, low);
                for (int j = from; j < to; j++) {
                    if (residuals[j] >= 0) put(bits, bit + (long) (j - from) * blockWidths[b], blockWidths[b], residuals[j] - low);
                }
                bit += (long) blockWidths[b] * (to - from);
            }
        }
        return new PackedPage(n, intercept + min, slope, width, bits, Arrays.copyOf(exceptionAt, e),
                Arrays.copyOf(exceptions, e), blockWidths, blockLows);
    }

    /**
     * Each block's width when the blocks, each held as distances from its own lowest entry, cost fewer bits than the
     * page held in one width; else null. Distances (from the page's lowest) of -1 are entries put aside.
     */
    private static byte[] blockWidths(long[] distances, int width) {
        int n = distances.length;
        int blocks = (n + BLOCK - 1) >>> BLOCK_BITS;
        if (blocks < 2 || width == 0) return null;
        byte[] widths = new byte[blocks];
        long cost = 0;
        for (int b = 0; b < blocks; b++) {
            int from = b * BLOCK;
            int to = Math.min(n, from + BLOCK);
            long low = lowest(distances, from, to);
            long high = low;
            for (int j = from; j < to; j++) high = Math.max(high, distances[j]);
            widths[b] = (byte) (64 - Long.numberOfLeadingZeros(high - low));
            cost += (long) widths[b] * (to - from) + width + Byte.SIZE;
        }
        return cost < (long) n * width ? widths : null;
    }

    /** The lowest distance held (not -1) among from..to, or 0 when all of them are aside. */
    private static long lowest(long[] distances, int from, int to) {
        long low = Long.MAX_VALUE;
        for (int j = from; j < to; j++) if (distances[j] >= 0) low = Math.min(low, distances[j]);
        return low == Long.MAX_VALUE ? 0 : low;
    }

    /** How many of n entries may be kept whole: one in 16, at least {@link #MAX_EXCEPTIONS} (not all of them). */
    private static int maxExceptions(int n) {
        return Math.min(n - 1, Math.max(MAX_EXCEPTIONS, n / 16));
    }

    long get(int j) {
        if (exceptionAt.length > 0) {
            int e = Arrays.binarySearch(exceptionAt, (short) j);
            if (e >= 0) return exceptions[e];
        }
        if (blockWidths == null) return line(intercept, slope, j) + take(bits, (long) j * width, width);
        int b = j >>> BLOCK_BITS;
        long bit = 0;
        for (int k = 0; k < b; k++) bit += blockWidths[k]; // every block before b is full
        bit = (bit << BLOCK_BITS) + (long) (j & (BLOCK - 1)) * blockWidths[b];
        return line(intercept, slope, j) + take(blockLows, (long) b * width, width) + take(bits, bit, blockWidths[b]);
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
        long blocks = blockWidths == null ? 0 : blockWidths.length + 8L * blockLows.length;
        return 8L * bits.length + 10L * exceptions.length + blocks;
    }

    /**
     * The slope between the two halves' centres (their means, or their medians, which a few outliers do not tilt), in
     * units of 2^-16 per entry; 0 when it would not fit.
     */
    private static long slope(long[] entries, Centre centre) {
        int half = entries.length / 2;
        if (half == 0) return 0;
        double s = (centre.of(entries, half, 2 * half) - centre.of(entries, 0, half)) / half * (1 << SLOPE_BITS);
        return Math.abs(s) < 1L << 46 ? Math.round(s) : 0; // times an index below 2^15: no overflow
    }

    /** Where a run of entries lies, roughly. */
    private interface Centre {
        double of(long[] entries, int from, int to);
    }

    private static double mean(long[] entries, int from, int to) {
        double sum = 0;
        for (int j = from; j < to; j++) sum += entries[j];
        return sum / (to - from);
    }

    private static double median(long[] entries, int from, int to) {
        long[] part = Arrays.copyOfRange(entries, from, to);
        Arrays.sort(part);
        return part[part.length / 2];
    }

    private static long line(long intercept, long slope, int j) {
        return intercept + ((slope * j) >> SLOPE_BITS);
    }

    /** The width-bit number at bit of bits. */
    private static long take(long[] bits, long bit, int width) {
        if (width == 0) return 0;
        int word = (int) (bit >>> 6);
        int shift = (int) (bit & 63);
        long v = bits[word] >>> shift;
        if (shift + width > 64) v |= bits[word + 1] << (64 - shift);
        return width == 64 ? v : v & ((1L << width) - 1);
    }

    /** Puts v, a width-bit number, at bit of bits (zero there so far). */
    private static void put(long[] bits, long bit, int width, long v) {
        if (width == 0) return;
        int word = (int) (bit >>> 6);
        int shift = (int) (bit & 63);
        bits[word] |= v << shift;
        if (shift + width > 64) bits[word + 1] |= v >>> (64 - shift);
    }
}
