package io.kchaos.checker.queue;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link PackedPage}'s blocks: a page that drifts off its line packs block by block, without loss and smaller. */
class PackedBlocksTest {

    /** A random walk of steps 0 to step-1 (times or indexes in order of first mention), with outliers now and then. */
    private static long[] walk(int n, int step, int outlierEvery, long seed) {
        Random r = new Random(seed);
        long[] a = new long[n];
        long at = 1_700_000_000_000L;
        for (int j = 0; j < n; j++) {
            at += r.nextInt(step);
            a[j] = outlierEvery > 0 && r.nextInt(outlierEvery) == 0 ? r.nextLong() : at;
        }
        return a;
    }

    private static PackedPage assertLossless(long[] entries) {
        PackedPage p = PackedPage.of(entries);
        if (p == null) return null; // kept as it was by the column
        assertArrayEquals(entries, p.entries());
        for (int j = 0; j < entries.length; j++) assertEquals(entries[j], p.get(j), "entry " + j);
        return p;
    }

    @Test
    void aDriftingPageCostsLessByBlocksAndReadsTheSame() {
        int n = 1024;
        long[] entries = walk(n, 50_000, 0, 3);
        PackedPage p = assertLossless(entries);
        // one width for the page takes the walk's whole drift from its line (here the chord); a block of 64 only its own
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (int j = 0; j < n; j++) {
            long fromChord = entries[j] - entries[0] - (entries[n - 1] - entries[0]) * j / (n - 1);
            low = Math.min(low, fromChord);
            high = Math.max(high, fromChord);
        }
        long oneWidth = (long) n * (64 - Long.numberOfLeadingZeros(high - low)) / 8;
        assertTrue(p.bytes() < oneWidth, () -> "bytes " + p.bytes() + ", in one width about " + oneWidth);
    }

    @Test
    void blocksKeepOutliersAsideAndAnySizeOfPage() {
        for (int n : new int[] {1, 2, 63, 64, 65, 127, 1000, 1024, 4096}) {
            for (int every : new int[] {0, 10, 300}) {
                for (int step : new int[] {1, 2, 1000, 1 << 20}) assertLossless(walk(n, step, every, n * 31L + every + step));
            }
        }
        long[] empty = walk(1024, 1 << 20, 0, 5);
        for (int j = 64; j < 128; j++) empty[j] = j % 2 == 0 ? Long.MIN_VALUE : Long.MAX_VALUE; // a block all aside
        PackedPage p = PackedPage.of(empty);
        if (p != null) assertArrayEquals(empty, p.entries());
    }
}
