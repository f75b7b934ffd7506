package io.kchaos.checker.queue;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link LongColumn}'s pages of differences against a plain array: every width, widening, overflow and growth. */
class LongColumnTest {
    @Test
    void holdsWhatAnArrayHoldsWhateverTheSpreadOfAPage() {
        int n = 20_000;
        long[] reference = new long[n];
        LongColumn c = new LongColumn(16);
        Random random = new Random(3);
        for (int round = 0; round < 4; round++) {
            for (int i = 0; i < n; i++) {
                if (i >= c.capacity()) c.growTo(i + 1);
                long v = switch (random.nextInt(8)) {
                    case 0 -> random.nextLong();                          // any long: the page holds longs
                    case 1 -> Long.MIN_VALUE;
                    case 2 -> Long.MAX_VALUE;                             // with MIN_VALUE, a difference that overflows
                    case 3 -> (1L << 40) + random.nextInt(1 << 20);       // times, offsets beyond an int
                    case 4 -> i * 3L + random.nextInt(300);               // indexes: int, short or byte differences
                    default -> i / 6 + random.nextInt(100) - 50;          // offsets, values near their neighbours
                };
                if (round > 0 && random.nextInt(3) != 0) continue;    // later rounds overwrite a third, widening pages
                reference[i] = v;
                c.set(i, v);
            }
            for (int i = 0; i < n; i++) assertEquals(reference[i], c.get(i), "entry " + i);
        }
    }

    @Test
    void neighboursStayExactAsAPageWidens() {
        LongColumn c = new LongColumn(2048);
        for (int i = 0; i < 2048; i++) c.set(i, 1_000_000 + i % 100);           // byte differences
        c.set(5, 1_000_000 + 30_000);                                        // short
        c.set(6, 1_000_000 - 3_000_000_000L);                                // long: the int difference would overflow
        c.set(1030, Integer.MAX_VALUE + 7L);                                 // another page: held on its own base
        for (int i = 0; i < 2048; i++) {
            long expected = i == 5 ? 1_030_000 : i == 6 ? 1_000_000 - 3_000_000_000L : i == 1030 ? Integer.MAX_VALUE + 7L : 1_000_000 + i % 100;
            assertEquals(expected, c.get(i), "entry " + i);
        }
    }

    @Test
    void unsetPagesReadZeroAndIndexesBeyondTheCapacityFail() {
        LongColumn c = new LongColumn(5000);
        assertEquals(0, c.get(4999));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> c.set(5000, 1));
        c.growTo(5001);
        assertEquals(7500, c.capacity());
        c.set(5000, -42);
        assertEquals(-42, c.get(5000));
    }
}
