package io.kchaos.checker.queue;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;
import java.util.function.IntToLongFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link PackedPage}, {@link LongColumn#packBelow} and {@link LongIntMap}'s packed pages: lossless on every kind of
 * page, small on steady ones.
 */
class PackedPageTest {
    private static final int N = 1024;

    private static long[] page(IntToLongFunction f) {
        long[] a = new long[N];
        for (int j = 0; j < N; j++) a[j] = f.applyAsLong(j);
        return a;
    }

    private static void assertLossless(long[] entries) {
        PackedPage p = PackedPage.of(entries);
        if (p == null) return; // kept as it was by the column
        assertArrayEquals(entries, p.entries());
        for (int j = 0; j < N; j++) assertEquals(entries[j], p.get(j), "entry " + j);
    }

    @Test
    void packsEveryKindOfPageWithoutLoss() {
        Random r = new Random(7);
        assertLossless(page(j -> 5));
        assertLossless(page(j -> 1_700_000_000_000L + j * 49_000L + r.nextInt(200_000)));   // times
        assertLossless(page(j -> 3 * j + r.nextInt(50)));                                    // indexes
        assertLossless(page(j -> r.nextLong()));
        assertLossless(page(j -> j % 2 == 0 ? Long.MIN_VALUE : Long.MAX_VALUE));
        assertLossless(page(j -> Long.MAX_VALUE - j));
        assertLossless(page(j -> Long.MIN_VALUE + j * 1_000_000_000_000L));
        assertLossless(page(j -> r.nextInt(100) == 0 ? r.nextLong() : 1_000 + j));          // outliers aside
        assertLossless(page(j -> j < 3 ? 0 : 1_700_000_000_000L + j));                       // unset entries read 0
    }

    @Test
    void aSteadyPageCostsAFewBitsAnEntry() {
        Random r = new Random(9);
        PackedPage times = PackedPage.of(page(j -> 1_700_000_000_000L + j * 49_000L + r.nextInt(1 << 18)));
        assertTrue(times.bytes() <= N * 20 / 8, () -> "bytes " + times.bytes());
        PackedPage outliers = PackedPage.of(page(j -> j % 100 == 0 ? -1 : 7 * j));
        assertTrue(outliers.bytes() <= N * 10 / 8 + 10 * PackedPage.MAX_EXCEPTIONS, () -> "bytes " + outliers.bytes());
    }

    @Test
    void outliersGoAsideOnlyWhenThatCostsLessAndALargerPageTakesMoreOfThem() {
        Random r = new Random(13);
        PackedPage noise = PackedPage.of(page(j -> 40 * j + r.nextInt(8)));
        assertEquals(N * 3 / 8, noise.bytes(), "3 bits an entry, nothing aside: dropping extremes would not narrow it");
        int big = 4 * N;
        long[] entries = new long[big];
        for (int j = 0; j < big; j++) entries[j] = j % 70 == 3 ? r.nextLong() : 40L * j + r.nextInt(8); // 59 outliers
        PackedPage wide = PackedPage.of(entries);
        assertArrayEquals(entries, wide.entries());
        assertTrue(wide.bytes() <= big + 10 * 59, () -> "the 59 outliers aside, under a byte for the rest: " + wide.bytes());
        long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1};
        for (int n = 1; n <= 4; n++) {
            long[] few = Arrays.copyOf(edges, n);
            PackedPage p = PackedPage.of(few);
            if (p != null) assertArrayEquals(few, p.entries(), "a page of " + n);
        }
    }

    @Test
    void aColumnReadsTheSameAfterPackingAndAfterChangingAPackedEntry() {
        int n = 10 * N;
        long[] reference = new long[n];
        LongColumn c = new LongColumn(n);
        Random r = new Random(11);
        for (int i = 0; i < n; i++) {
            reference[i] = i % 3 == 0 ? r.nextLong() : 1_000_000L * i + r.nextInt(1000);
            c.set(i, reference[i]);
        }
        c.packBelow(n);
        for (int i = 0; i < n; i++) assertEquals(reference[i], c.get(i), "packed entry " + i);
        for (int i = 5; i < n; i += 997) {
            reference[i] = i % 2 == 0 ? -i : Long.MAX_VALUE - i;   // unpacks the page, widening it
            c.set(i, reference[i]);
        }
        c.set(N + 1, reference[N + 1]);                            // unchanged: stays packed
        for (int i = 0; i < n; i++) assertEquals(reference[i], c.get(i), "entry " + i);
        c.packBelow(n);                                            // packs the changed pages again
        for (int i = 0; i < n; i++) assertEquals(reference[i], c.get(i), "repacked entry " + i);
    }

    @Test
    void packBehindPacksOnlyPagesFarBehindTheNewest() {
        int n = LongColumn.PACK_LAG + 4 * N;
        LongColumn c = new LongColumn(n);
        for (int i = 0; i < n; i++) {
            c.set(i, 3L * i);
            c.packBehind(i + 1);
        }
        for (int i = 0; i < n; i++) assertEquals(3L * i, c.get(i), "entry " + i);
        c.set(0, 42);     // a change far behind: exact at once
        c.set(n - 1, 43); // and near the newest
        assertEquals(42, c.get(0));
        assertEquals(43, c.get(n - 1));
    }

    @Test
    void aMapReadsTheSameOnceItsOldPagesArePackedAndTakesNewKeysInThem() {
        LongIntMap m = new LongIntMap(16);
        int n = 40 * 4096;
        for (int k = 0; k < n; k++) {
            if (k % 1000 == 7) continue;                                   // gaps, filled in later
            assertEquals(k, m.putIfAbsent(k, k));
        }
        for (int k = 0; k < n; k++) assertEquals(k % 1000 == 7 ? LongIntMap.ABSENT : k, m.get(k), "key " + k);
        assertEquals(5, m.putIfAbsent(5, 99));                             // present in a packed page: kept
        for (int k = 7; k < n; k += 1000) assertEquals(n + k, m.putIfAbsent(k, n + k));
        for (int k = 0; k < n; k++) assertEquals(k % 1000 == 7 ? n + k : k, m.get(k), "key " + k);
        for (int k = n; k < n + 20 * 4096; k++) m.putIfAbsent(k, k);     // packs the changed pages again
        for (int k = 0; k < n; k++) assertEquals(k % 1000 == 7 ? n + k : k, m.get(k), "repacked key " + k);
    }
}
