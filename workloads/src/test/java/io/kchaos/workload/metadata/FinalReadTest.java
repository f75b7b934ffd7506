package io.kchaos.workload.metadata;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The catch-up rule of the final read: a published image must hold every offset below the target high watermark. */
class FinalReadTest {
    @Test
    void anImageHoldingTheOffsetBelowTheHighWatermarkHasCaughtUp() {
        assertTrue(FinalRead.caughtUp(811, 812));
        assertTrue(FinalRead.caughtUp(900, 812));
    }

    @Test
    void anImageBelowThatOrNoneHasNot() {
        assertFalse(FinalRead.caughtUp(810, 812));
        assertFalse(FinalRead.caughtUp(-1, 812));
    }
}
