package io.kchaos.workload.share;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The finished-offset tracker: its finished prefix per partition, and whether everything below the ends is finished. */
class FinishedOffsetsTest {
    private final FinishedOffsets f = new FinishedOffsets();

    @Test
    void thePrefixAdvancesAcrossOutOfOrderFinishes() {
        f.finish(0, 2);
        f.finish(0, 1);
        assertEquals(0, f.lowestUnfinished(0), "0 is not finished yet");
        f.finish(0, 0);
        assertEquals(3, f.lowestUnfinished(0));
        f.finish(0, 4);
        f.finish(0, 1); // again: no change
        assertEquals(3, f.lowestUnfinished(0));
        f.finish(0, 3);
        assertEquals(5, f.lowestUnfinished(0));
    }

    @Test
    void partitionsAreIndependent() {
        f.finish(1, 0);
        f.finish(1, 1);
        assertEquals(2, f.lowestUnfinished(1));
        assertEquals(0, f.lowestUnfinished(0));
        assertEquals(0, f.lowestUnfinished(2));
        assertTrue(f.allFinishedBelow(Map.of(1, 2L)));
        assertFalse(f.allFinishedBelow(Map.of(0, 1L, 1, 2L)));
    }

    @Test
    void allFinishedBelowTheEnds() {
        for (long o = 0; o < 10; o++) f.finish(0, o);
        for (long o = 9; o >= 0; o--) f.finish(1, o);
        assertTrue(f.allFinishedBelow(Map.of(0, 10L, 1, 10L)));
        assertTrue(f.allFinishedBelow(Map.of(0, 7L, 1, 10L)), "an end below the finished prefix");
        assertFalse(f.allFinishedBelow(Map.of(0, 11L, 1, 10L)), "offset 10 of partition 0 is not finished");
    }

    @Test
    void anEmptyPartitionCountsAsFinished() {
        f.finish(0, 0);
        assertTrue(f.allFinishedBelow(Map.of(0, 1L, 1, 0L, 2, 0L)));
        assertTrue(new FinishedOffsets().allFinishedBelow(Map.of(0, 0L)));
    }

    @Test
    void aHoleHoldsThePrefixBackAcrossManyFinishes() {
        int n = 200_000; // past the point where the bits are shifted down to the prefix
        for (long o = 0; o < n; o++) {
            if (o != 150_000) f.finish(0, o);
        }
        assertEquals(150_000, f.lowestUnfinished(0));
        assertFalse(f.allFinishedBelow(Map.of(0, (long) n)));
        f.finish(0, 150_000);
        assertEquals(n, f.lowestUnfinished(0));
        assertTrue(f.allFinishedBelow(Map.of(0, (long) n)));
    }
}
